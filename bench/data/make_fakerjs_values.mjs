// Names, addresses, phones and e-mails drawn from @faker-js/faker (MIT licence, (c) Faker contributors), DRAWS per
// locale, each locale seeded with its place in the list; rebuilds bench/data/fakerjs_values.json:
//   npm install @faker-js/faker@10.6.0 && node bench/data/make_fakerjs_values.mjs > bench/data/fakerjs_values.json
import { allFakers } from "@faker-js/faker";

const LOCALES = ["en", "en_GB", "en_AU", "en_CA", "en_IE", "en_IN", "en_NG", "en_ZA", "de", "de_AT", "fr", "fr_CA", "es",
  "es_MX", "it", "nl", "nl_BE", "pt_BR", "pt_PT", "pl", "sv", "da", "nb_NO", "fi", "cs_CZ", "ro", "hu", "tr", "ru", "uk",
  "el", "he", "ar", "ja", "ko", "zh_CN", "vi", "id_ID", "hr", "sk", "lv", "af_ZA", "yo_NG", "ka_GE"];
const DRAWS = 24;
const out = { _licence: "values drawn from @faker-js/faker 10.6.0, MIT licence, (c) Faker contributors" };
const pick = (fk, fn) => { try { const v = fn(fk); return typeof v === "string" && v.trim() ? v : null; } catch { return null; } };
for (const [n, locale] of LOCALES.entries()) {
  const fk = allFakers[locale];
  fk.seed(2026 + n);
  const rows = [];
  for (let i = 0; i < DRAWS; i++) {
    const sex = i % 2 ? "female" : "male";
    rows.push({
      first: pick(fk, f => f.person.firstName(sex)), first2: pick(fk, f => f.person.firstName()),
      middle: pick(fk, f => f.person.middleName(sex)), last: pick(fk, f => f.person.lastName(sex)),
      last2: pick(fk, f => f.person.lastName()), prefix: pick(fk, f => f.person.prefix(sex)),
      building: pick(fk, f => f.location.buildingNumber()), street: pick(fk, f => f.location.street()),
      street_address: pick(fk, f => f.location.streetAddress(false)),
      secondary: pick(fk, f => f.location.secondaryAddress()), city: pick(fk, f => f.location.city()),
      city2: pick(fk, f => f.location.city()), zip: pick(fk, f => f.location.zipCode()),
      state: pick(fk, f => f.location.state()), phone: pick(fk, f => f.phone.number()),
      email: pick(fk, f => f.internet.email()), username: pick(fk, f => f.internet.username()),
    });
  }
  out[locale] = rows;
}
console.log(JSON.stringify(out, null, 0));
