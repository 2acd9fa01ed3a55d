"""The labelled corpus of the Prmpt evaluation: every detected type, in English, French and Spanish,
with a ``tuned`` split (the templates and value shapes the recognizers were written against) and a
``held_out`` split (other templates, containers and value shapes, written before tuning and not
used for it), plus a negative corpus of prose, code, logs and configuration without personal data.

An example joins 1-3 fragments of one language; each fragment carries one value at a known offset.
Held-out fragments are also wrapped in other containers (JSON, YAML, .env, CSV-like rows, logs).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from faker import Faker

from tests import prmpt_values as pv

LANGS = ("en", "fr", "es")
DATA = Path(__file__).resolve().parents[1] / "bench" / "data"  # shared with the Cape evaluation


@dataclass
class Example:
    text: str
    spans: list[tuple[str, int, int]] = field(default_factory=list)
    lang: str = "en"


# --------------------------------------------------------------------------------- templates
# {v} is the value. Tuned templates: the recognizers were written against these.
TUNED: dict[str, dict[str, list[str]]] = {
    "en": {
        "PERSON": ["Hi, my name is {v} and I need help.", "Please forward this to {v} today.",
                   "can you email {v} about the invoice?", "Dear {v},"],
        "EMAIL_ADDRESS": ["Send the receipt to {v}.", "My email is {v}."],
        "PHONE_NUMBER": ["Call me at {v} after 5pm.", "My phone number is {v}."],
        "US_SSN": ["My SSN is {v}.", "social security number {v}"],
        "US_ITIN": ["My ITIN is {v}.", "Taxpayer ID: {v}"],
        "CREDIT_CARD": ["Charge my card {v} please.", "Visa {v} was declined."],
        "IBAN_CODE": ["Wire it to IBAN {v}.", "My IBAN is {v}."],
        "IP_ADDRESS": ["The login came from {v}.", "Server at {v} is down."],
        "AGE": ["I am {v} years old.", "The patient, aged {v}, reports pain."],
        "MONEY": ["I earn {v} a year.", "The rent is {v} per month."],
        "STREET_ADDRESS": ["I live at {v}, Springfield.", "Ship it to {v}, Austin, TX."],
        "POSTAL_CODE": ["Our office is in Springfield, IL {v}.", "ZIP code {v}"],
        "PERSONAL_DATE": ["DOB: {v}.", "He was born on {v}.", "She was admitted on {v}."],
        "MEDICAL_RECORD_NUMBER": ["MRN {v}", "Medical record number: {v}"],
        "HEALTH_PLAN_ID": ["Member ID {v}", "Health plan ID: {v}"],
        "ACCOUNT_NUMBER": ["account number {v}", "My checking account is {v}."],
        "ABA_ROUTING_NUMBER": ["routing number {v}", "ABA {v}"],
        "PASSPORT": ["passport number {v}", "My passport no. is {v}."],
        "DRIVER_LICENSE": ["driver's license {v}", "Driver license number: {v}"],
        "LICENSE_PLATE": ["license plate {v}", "The car with plate {v} was towed."],
        "VIN": ["VIN {v}", "The VIN is {v}."],
        "MAC_ADDRESS": ["device MAC {v}", "MAC address: {v}"],
        "DEVICE_SERIAL": ["serial number {v}", "S/N {v}"],
        "CRYPTO_WALLET": ["Send the BTC to {v}.", "My wallet: {v}"],
        "PERSONAL_URL": ["My profile: {v}", "See {v} for my work."],
        "UK_NHS": ["NHS number {v}", "My NHS no. is {v}."],
        "UK_NINO": ["National Insurance number {v}", "NI number: {v}"],
        "IT_FISCAL_CODE": ["codice fiscale {v}", "My Italian tax code is {v}."],
        "DE_TAX_ID": ["Steuer-ID {v}", "German tax id: {v}"],
        "ES_NIF": ["DNI {v}"], "FR_NIR": ["numéro de sécurité sociale {v}"],
        "SECRET": ["export {key}={v}", "My {label} is {v}, keep it safe."],
        "PRIVATE_KEY": ["-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----"],
        "PASSWORD": ["password={v}", "DATABASE_URL=postgres://admin:{v}@db.internal:5432/app"],
        "JWT": ["Authorization: Bearer {v}", "token: {v}"],
    },
    "fr": {
        "PERSON": ["Bonjour, je m'appelle {v}.", "Merci de transférer ceci à {v}."],
        "EMAIL_ADDRESS": ["Mon adresse e-mail est {v}."],
        "PHONE_NUMBER": ["Appelez-moi au {v}.", "Mon numéro de téléphone est le {v}."],
        "CREDIT_CARD": ["Ma carte {v} a été refusée."],
        "IBAN_CODE": ["Mon IBAN est {v}."],
        "AGE": ["J'ai {v} ans.", "Le patient, âgé de {v} ans, se plaint."],
        "MONEY": ["Mon salaire est de {v} par an.", "Le loyer est de {v}."],
        "STREET_ADDRESS": ["J'habite au {v}, à Lyon.", "Livrez au {v}, Paris."],
        "POSTAL_CODE": ["code postal : {v}"],
        "PERSONAL_DATE": ["Je suis né le {v}.", "Date de naissance : {v}."],
        "FR_NIR": ["Mon numéro de sécurité sociale est {v}.", "NIR : {v}"],
        "PASSPORT": ["Mon numéro de passeport est {v}."],
        "DRIVER_LICENSE": ["permis de conduire n° {v}"],
        "LICENSE_PLATE": ["Ma voiture immatriculée {v} a été volée."],
        "ACCOUNT_NUMBER": ["numéro de compte {v}"],
        "MEDICAL_RECORD_NUMBER": ["dossier patient {v}"],
        "HEALTH_PLAN_ID": ["numéro d'adhérent mutuelle {v}"],
        "PERSONAL_URL": ["Mon profil : {v}"],
        "IP_ADDRESS": ["La connexion venait de {v}."],
        "PASSWORD": ["mot de passe : {v}"],
    },
    "es": {
        "PERSON": ["Hola, me llamo {v}.", "Por favor, reenvía esto a {v}."],
        "EMAIL_ADDRESS": ["Mi correo es {v}."],
        "PHONE_NUMBER": ["Llámame al {v}.", "Mi número de teléfono es {v}."],
        "CREDIT_CARD": ["Mi tarjeta {v} fue rechazada."],
        "IBAN_CODE": ["Mi IBAN es {v}."],
        "AGE": ["Tengo {v} años.", "La paciente, de {v} años, tiene fiebre."],
        "MONEY": ["Mi salario es de {v} al año.", "El alquiler es de {v}."],
        "STREET_ADDRESS": ["Vivo en {v}, Madrid.", "Envíalo a {v}, Sevilla."],
        "POSTAL_CODE": ["código postal: {v}"],
        "PERSONAL_DATE": ["Nací el {v}.", "Fecha de nacimiento: {v}."],
        "ES_NIF": ["Mi DNI es {v}.", "NIF: {v}"],
        "PASSPORT": ["Mi número de pasaporte es {v}."],
        "DRIVER_LICENSE": ["carnet de conducir {v}"],
        "LICENSE_PLATE": ["El coche con matrícula {v} está mal aparcado."],
        "ACCOUNT_NUMBER": ["número de cuenta {v}"],
        "MEDICAL_RECORD_NUMBER": ["historia clínica {v}"],
        "HEALTH_PLAN_ID": ["número de póliza {v}"],
        "PERSONAL_URL": ["Mi perfil: {v}"],
        "IP_ADDRESS": ["La conexión vino de {v}."],
        "PASSWORD": ["contraseña: {v}"],
    },
}
# Held-out templates: other phrasings and containers (written before tuning).
HELD_OUT: dict[str, dict[str, list[str]]] = {
    "en": {
        "PERSON": ['{{"customer": {{"full_name": "{v}", "tier": "gold"}}}}', "Meeting notes: {v} asked for a raise.",
                   "ping {v} when the build is green", "ASSIGNED TO: {v}", "name,plan\n{v},pro",
                   "cc {v} on the thread"],
        "EMAIL_ADDRESS": ["2024-05-01T10:22:01Z INFO login ok user={v}", 'reply_to: "{v}"'],
        "PHONE_NUMBER": ["reach her on {v} (mobile)", '"phone": "{v}"'],
        "US_SSN": ['"ssn": "{v}"', "SSN#{v} on file"],
        "US_ITIN": ["individual taxpayer identification number {v}", "ITIN {v} was issued in May."],
        "CREDIT_CARD": ["cc={v} exp=09/27", "card ending ... full number {v}"],
        "IBAN_CODE": ['{{"iban": "{v}"}}', "pay to {v} by Friday"],
        "IP_ADDRESS": ["Failed password for root from {v} port 22 ssh2", "client_ip: {v}"],
        "AGE": ["a {v}-year-old nurse", "age: {v}"],
        "MONEY": ["asked for a raise to {v}", "owes {v} on the car loan"],
        "STREET_ADDRESS": ["Address: {v}, Portland, OR", "deliver to {v} (back door)"],
        "POSTAL_CODE": ["London {v}, United Kingdom", "postcode: {v}"],
        "PERSONAL_DATE": ['"dob": "{v}"', "discharged {v} after surgery", "next appointment {v}"],
        "MEDICAL_RECORD_NUMBER": ["patient #{v} was moved to ICU", '"mrn": "{v}"'],
        "HEALTH_PLAN_ID": ["policy number {v}", "subscriber id: {v}"],
        "ACCOUNT_NUMBER": ["acct #{v}", '"account_number": "{v}"'],
        "ABA_ROUTING_NUMBER": ["routing: {v}", "RTN {v}"],
        "PASSPORT": ['"passport": "{v}"', "passport {v} expires next year"],
        "DRIVER_LICENSE": ["DL# {v}", "driving licence {v}"],
        "LICENSE_PLATE": ["reg {v}", "tag: {v}"],
        "VIN": ['"vin": "{v}"', "chassis {v}"],
        "MAC_ADDRESS": ["DHCPACK to {v} via eth0", "hw addr {v}"],
        "DEVICE_SERIAL": ["IMEI: {v}", "Serial No. {v}"],
        "CRYPTO_WALLET": ["withdraw to {v}", "eth: {v}"],
        "PERSONAL_URL": ["GET {v} 200", "found at {v}"],
        "UK_NHS": ['"nhs_number": "{v}"', "NHS: {v}"],
        "UK_NINO": ["NINO {v}", "my NI no {v}"],
        "IT_FISCAL_CODE": ['"codice_fiscale": "{v}"', "CF: {v}"],
        "DE_TAX_ID": ["Steueridentifikationsnummer: {v}", "IdNr {v}"],
        "SECRET": ['{{"{key}": "{v}"}}', '{key}: "{v}"', "client = Client({label_arg}=\"{v}\")"],
        "PRIVATE_KEY": ['key = """-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----"""'],
        "PASSWORD": ['"password": "{v}"', "Server=db;User Id=sa;Password={v};"],
        "JWT": ['curl -H "Authorization: Bearer {v}" https://api.internal', 'session = "{v}"'],
    },
    "fr": {
        "PERSON": ['{{"nom_complet": "{v}"}}', "Compte rendu : {v} a demandé un congé.", "avec {v} demain"],
        "EMAIL_ADDRESS": ["écrire à {v} avant lundi"],
        "PHONE_NUMBER": ["joignable au {v}", "tél. : {v}"],
        "CREDIT_CARD": ["carte bancaire n° {v}"],
        "IBAN_CODE": ["virement sur {v}"],
        "AGE": ["âge : {v}", "une femme de {v} ans"],
        "MONEY": ["il me doit {v}", "un prêt de {v}"],
        "STREET_ADDRESS": ["Adresse : {v}, Lyon", "au {v}, au fond de la cour"],
        "POSTAL_CODE": ["CP {v}"],
        "PERSONAL_DATE": ["hospitalisé le {v}", "rendez-vous le {v}"],
        "FR_NIR": ["n° INSEE {v}", '"nir": "{v}"'],
        "PASSPORT": ["passeport n° {v}"],
        "DRIVER_LICENSE": ["numéro de permis de conduire : {v}"],
        "LICENSE_PLATE": ["plaque {v}"],
        "ACCOUNT_NUMBER": ["compte bancaire {v}"],
        "MEDICAL_RECORD_NUMBER": ["IPP {v}"],
        "HEALTH_PLAN_ID": ["carte vitale {v}"],
        "PERSONAL_URL": ["voir {v}"],
        "IP_ADDRESS": ["adresse IP : {v}"],
        "PASSWORD": ["mdp={v}"],
    },
    "es": {
        "PERSON": ['{{"nombre_completo": "{v}"}}', "Acta: {v} pidió vacaciones.", "con {v} mañana"],
        "EMAIL_ADDRESS": ["escribe a {v} antes del lunes"],
        "PHONE_NUMBER": ["móvil: {v}", "contacto {v}"],
        "CREDIT_CARD": ["tarjeta de crédito {v}"],
        "IBAN_CODE": ["transferencia a {v}"],
        "AGE": ["edad: {v}", "un hombre de {v} años"],
        "MONEY": ["me debe {v}", "un préstamo de {v}"],
        "STREET_ADDRESS": ["Dirección: {v}, Sevilla", "en {v}, junto al parque"],
        "POSTAL_CODE": ["C.P. {v}"],
        "PERSONAL_DATE": ["ingresó el {v}", "cita el {v}"],
        "ES_NIF": ["documento {v}", '"dni": "{v}"'],
        "PASSPORT": ["pasaporte {v}"],
        "DRIVER_LICENSE": ["permiso de conducir {v}"],
        "LICENSE_PLATE": ["matrícula: {v}"],
        "ACCOUNT_NUMBER": ["cuenta bancaria {v}"],
        "MEDICAL_RECORD_NUMBER": ["NHC {v}"],
        "HEALTH_PLAN_ID": ["tarjeta sanitaria {v}"],
        "PERSONAL_URL": ["ver {v}"],
        "IP_ADDRESS": ["IP: {v}"],
        "PASSWORD": ["clave={v}"],
    },
}
SECRET_KEYS = {
    "AWS_ACCESS_KEY": ("AWS_ACCESS_KEY_ID", "AWS access key id", "aws_access_key_id"),
    "AWS_SECRET_KEY": ("AWS_SECRET_ACCESS_KEY", "AWS secret access key", "aws_secret_access_key"),
    "GITHUB_TOKEN": ("GITHUB_TOKEN", "GitHub token", "token"),
    "GITLAB_TOKEN": ("GITLAB_TOKEN", "GitLab token", "private_token"),
    "SLACK_TOKEN": ("SLACK_BOT_TOKEN", "Slack bot token", "token"),
    "OPENAI_API_KEY": ("OPENAI_API_KEY", "OpenAI key", "api_key"),
    "ANTHROPIC_API_KEY": ("ANTHROPIC_API_KEY", "Anthropic key", "api_key"),
    "STRIPE_KEY": ("STRIPE_SECRET_KEY", "Stripe key", "api_key"),
    "GOOGLE_API_KEY": ("GOOGLE_API_KEY", "Google API key", "key"),
    "API_SECRET": ("WEBHOOK_SECRET", "webhook secret", "secret"),
}


class Values:
    """Values per (type, split, language), from a seeded generator."""

    def __init__(self, seed: int, held_out: bool) -> None:
        self.rng = random.Random(seed)
        self.held_out = held_out
        tuned = {"en": ["en_US"], "fr": ["fr_FR"], "es": ["es_ES"]}
        other = {"en": ["en_GB", "de_DE", "it_IT", "en_IE"], "fr": ["fr_CA", "fr_CH", "fr_BE"],
                 "es": ["es_MX", "es_AR", "es_CO"]}
        self.fakers = {lang: [Faker(loc) for loc in (other if held_out else tuned)[lang]] for lang in LANGS}
        for k, fakers in enumerate(self.fakers.values()):
            for j, f in enumerate(fakers):
                f.seed_instance(seed * 31 + k * 7 + j)
        self.en = Faker("en_US")
        self.en.seed_instance(seed + 5)

    def fake(self, lang: str) -> Faker:
        return self.rng.choice(self.fakers[lang])

    def value(self, entity_type: str, lang: str) -> str:  # one branch per type, flat
        r, f, h = self.rng, self.fake(lang), self.held_out
        if entity_type == "PERSON":
            name = f"{f.first_name()} {f.last_name()}"
            if h:
                return r.choice([name, name, name.upper(), name.lower()]) if lang == "en" else name
            return name
        if entity_type == "EMAIL_ADDRESS":
            return f.email()
        if entity_type == "PHONE_NUMBER":
            if h and lang == "fr":
                return r.choice(["+33 6 ", "+33 7 "]) + " ".join(pv._digits(r, 2) for _ in range(4))
            if h and lang == "es":
                return "+34 6" + pv._digits(r, 2) + " " + pv._digits(r, 3) + " " + pv._digits(r, 3)
            if lang == "fr" and not h:
                return "0" + r.choice("67") + " " + " ".join(pv._digits(r, 2) for _ in range(4))
            if lang == "es" and not h:
                return "6" + pv._digits(r, 2) + " " + pv._digits(r, 2) + " " + pv._digits(r, 2) + " " + pv._digits(r, 2)
            return f.phone_number()
        if entity_type == "US_SSN":
            return pv.ssn_any_area(r) if h else pv.ssn(r)
        if entity_type == "US_ITIN":
            v = pv.itin(r)
            return v.replace("-", "") if h and r.random() < 0.5 else v
        if entity_type == "CREDIT_CARD":
            n = self.en.credit_card_number()
            return " ".join(n[i:i + 4] for i in range(0, len(n), 4)) if len(n) == 16 and r.random() < 0.5 else n
        if entity_type == "IBAN_CODE":
            v = Faker(r.choice(["de_DE", "fr_FR", "es_ES", "nl_NL", "en_GB", "it_IT"])).iban()
            return " ".join(v[i:i + 4] for i in range(0, len(v), 4)) if r.random() < 0.5 else v
        if entity_type == "IP_ADDRESS":
            return r.choice([self.en.ipv4_public, self.en.ipv4_private, self.en.ipv6])()
        if entity_type == "AGE":
            return str(r.randint(18, 95))
        if entity_type == "MONEY":
            a = r.randint(100, 250000)
            if lang == "fr":
                return r.choice([f"{a:,} €".replace(",", " "), f"{a} euros"])
            if lang == "es":
                return r.choice([f"{a:,} €".replace(",", "."), f"{a} euros"])
            return r.choice([f"${a:,}", f"{a:,} USD", f"${a // 1000}k"] if h else [f"${a:,}", f"£{a:,}"])
        if entity_type == "STREET_ADDRESS":
            return self._street(lang)
        if entity_type == "POSTAL_CODE":
            if lang == "en":
                return r.choice(["SW1A 1AA", "EC1A 1BB", "M1 1AE", "B33 8TH"]) if h else f"{r.randint(10000, 99999)}"
            return f"{r.randint(1000, 95999):05d}"
        if entity_type == "PERSONAL_DATE":
            return self._date(lang)
        if entity_type == "MEDICAL_RECORD_NUMBER":
            return r.choice([pv._digits(r, 8), "MR-" + pv._digits(r, 6)]) if h else pv._digits(r, 8)
        if entity_type == "HEALTH_PLAN_ID":
            return (pv._digits(r, 4) + "-" + pv._digits(r, 4) + "-" + pv._digits(r, 2)) if h else \
                pv._alnum(r, 3, "ABCDEFGHJKLMNPQRSTUVWXYZ") + pv._digits(r, 9)
        if entity_type == "ACCOUNT_NUMBER":
            return pv._digits(r, 4) + "-" + pv._digits(r, 4) + "-" + pv._digits(r, 3) if h else pv._digits(r, 10)
        if entity_type == "ABA_ROUTING_NUMBER":
            return pv.aba(r)
        if entity_type == "PASSPORT":
            return (pv._digits(r, 2) + pv._alnum(r, 2, "ABCDEFGHJKLMNPRSTUVWXYZ") + pv._digits(r, 5)) if h \
                else pv._digits(r, 9)
        if entity_type == "DRIVER_LICENSE":
            return (pv._digits(r, 3) + "-" + pv._digits(r, 3) + "-" + pv._digits(r, 3)) if h else \
                r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") + pv._digits(r, 7)
        if entity_type == "LICENSE_PLATE":
            return self._plate(lang)
        if entity_type == "VIN":
            return pv.vin(r)
        if entity_type == "MAC_ADDRESS":
            return pv.mac(r, r.choice(["dash", "dot"]) if h else "colon")
        if entity_type == "DEVICE_SERIAL":
            if h and r.random() < 0.5:
                return pv.imei(r)
            return pv._alnum(r, 8, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") + pv._digits(r, 1) + pv._alnum(r, 3, "ABCDEFGHJKLMNPQRSTUVWXYZ")
        if entity_type == "CRYPTO_WALLET":
            return r.choice([pv.bech32_address, lambda q: pv.eth_address(q, False)])(r) if h else \
                r.choice([pv.btc_address, pv.eth_address])(r)
        if entity_type == "PERSONAL_URL":
            slug = f"{f.first_name()}-{f.last_name()}".lower().replace(" ", "-")
            if h:
                return r.choice([f"https://medium.com/@{slug.replace('-', '')}",
                                 f"https://app.example.org/users/{slug}/settings",
                                 f"https://crm.example.com/view?email={f.user_name()}%40gmail.com&tab=2",
                                 f"twitter.com/{slug.replace('-', '_')}"])
            return r.choice([f"https://www.linkedin.com/in/{slug}-{pv._alnum(r, 5, '0123456789abcdef')}",
                             f"https://github.com/{slug.replace('-', '')}"])
        if entity_type == "UK_NHS":
            v = pv.nhs(r)
            return v.replace(" ", "") if h else v
        if entity_type == "UK_NINO":
            v = pv.nino(r)
            return v.replace(" ", "") if h else v
        if entity_type == "IT_FISCAL_CODE":
            return pv.codice_fiscale(r)
        if entity_type == "DE_TAX_ID":
            return pv.de_tax_id(r, spaced=not h)
        if entity_type == "ES_NIF":
            return pv.nie(r) if h and r.random() < 0.5 else pv.dni(r)
        if entity_type == "FR_NIR":
            return pv.nir(r, spaced=not h)
        if entity_type == "PRIVATE_KEY":
            return pv.pem_body(r)
        if entity_type == "PASSWORD":
            return pv.password(r)
        if entity_type == "JWT":
            return pv.jwt(r, self.en)
        makers = pv.HELD_OUT_SECRET_MAKERS if h else pv.SECRET_MAKERS
        return makers[entity_type](r)

    def _street(self, lang: str) -> str:
        r, f = self.rng, self.fake(lang)
        if lang == "en":
            if self.held_out:
                return r.choice([f"{r.randint(1, 999)}{r.choice(['', 'B'])} {f.last_name()} {r.choice(['Rd', 'Ave', 'Blvd', 'Ln'])}",
                                 f"{r.randint(10, 9999)} {r.choice(['N', 'S', 'E', 'W'])} {f.last_name()} Street",
                                 f"{r.randint(10, 9999)} {f.last_name().lower()} {r.choice(['st', 'ave', 'road'])}"])
            return f"{r.randint(10, 9999)} {f.last_name()} {r.choice(['Street', 'Avenue', 'Road', 'Drive'])}" + \
                r.choice(["", f", Apt {r.randint(1, 40)}{r.choice('ABC')}"])
        if lang == "fr":
            if self.held_out:
                return f"{r.randint(1, 150)} {r.choice(['bis', 'ter'])}, {r.choice(['boulevard', 'allée', 'quai'])} " \
                       f"{r.choice(['du Général', 'des', 'de la'])} {f.last_name()}"
            return f"{r.randint(1, 150)} {r.choice(['rue', 'avenue', 'place'])} {r.choice(['de la', 'du', ''])} " \
                   f"{f.last_name()}".replace("  ", " ")
        if self.held_out:
            return f"{r.choice(['Avda.', 'Paseo de', 'Ronda de'])} {f.last_name()}, {r.randint(1, 200)}, {r.randint(1, 9)}º {r.choice('ABCD')}"
        return f"{r.choice(['Calle', 'Avenida', 'Plaza'])} {r.choice(['de', 'del', ''])} {f.last_name()} " \
               f"{r.randint(1, 200)}".replace("  ", " ")

    def _date(self, lang: str) -> str:
        r = self.rng
        y, m, d = r.randint(1930, 2020), r.randint(1, 12), r.randint(1, 28)
        months = {"en": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"],
                  "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                         "octobre", "novembre", "décembre"],
                  "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
                         "octubre", "noviembre", "diciembre"]}[lang]
        if self.held_out:
            if lang == "en":
                return r.choice([f"{y}-{m:02d}-{d:02d}", f"{d} {months[m - 1][:3]} {y}", f"{m}/{d}/{y % 100:02d}"])
            return r.choice([f"{d:02d}.{m:02d}.{y}", f"{d}/{m}/{y}"])
        if lang == "en":
            return r.choice([f"{m:02d}/{d:02d}/{y}", f"{months[m - 1]} {d}, {y}"])
        if lang == "fr":
            return r.choice([f"{d} {months[m - 1]} {y}", f"{d:02d}/{m:02d}/{y}"])
        return r.choice([f"{d} de {months[m - 1]} de {y}", f"{d:02d}/{m:02d}/{y}"])

    def _plate(self, lang: str) -> str:
        r = self.rng
        up = "ABCDEFGHJKLMNPRSTVWXYZ"
        if lang == "fr":
            return f"{pv._alnum(r, 2, up)}-{pv._digits(r, 3)}-{pv._alnum(r, 2, up)}"
        if lang == "es":
            return f"{pv._digits(r, 4)} {pv._alnum(r, 3, 'BCDFGHJKLMNPRSTVWXYZ')}"
        if self.held_out:
            return r.choice([f"{pv._alnum(r, 2, up)}{pv._digits(r, 2)} {pv._alnum(r, 3, up)}",
                             f"B-{pv._alnum(r, 2, up)} {pv._digits(r, 4)}"])
        return f"{r.randint(1, 9)}{pv._alnum(r, 3, up)}{pv._digits(r, 3)}"


SECRET_TYPES = tuple(SECRET_KEYS)


def _fragment(values: Values, templates: dict[str, list[str]], entity_type: str, lang: str) -> tuple[str, str, str]:
    """(text before the value, the value, text after) for one fragment."""
    r = values.rng
    key = "SECRET" if entity_type in SECRET_TYPES else entity_type
    template = r.choice(templates[key])
    value = values.value(entity_type, lang)
    if key == "SECRET":
        env, label, arg = SECRET_KEYS[entity_type]
        template = template.replace("{key}", env).replace("{label}", label).replace("{label_arg}", arg)
    template = template.replace("{{", "\x00").replace("}}", "\x01")
    before, _, after = template.partition("{v}")
    return before.replace("\x00", "{").replace("\x01", "}"), value, after.replace("\x00", "{").replace("\x01", "}")


def types_for(lang: str, held_out: bool) -> list[str]:
    table = HELD_OUT if held_out else TUNED
    out = [t for t in table[lang] if t != "SECRET"]
    if "SECRET" in table[lang]:
        out += list(SECRET_TYPES)
    return out


def generate(n: int, seed: int, held_out: bool, lang: str | None = None) -> list[Example]:
    """``n`` examples (cycling through types so each is exercised evenly), reproducible from ``seed``."""
    values = Values(seed + (7919 if held_out else 0), held_out)
    templates = HELD_OUT if held_out else TUNED
    langs = [lang] if lang else list(LANGS)
    out: list[Example] = []
    # names are the most frequent personal data in prompts: each language's PERSON slot comes 6 times
    order = [(lg, t) for lg in langs for t in types_for(lg, held_out) + ["PERSON"] * 5]
    k = 0
    while len(out) < n:
        lg, first = order[k % len(order)]
        k += 1
        pool = [t for t in types_for(lg, held_out) if t != first]
        chosen = [first] + values.rng.sample(pool, values.rng.randint(0, 2))
        text, spans = "", []
        for entity_type in chosen:
            before, value, after = _fragment(values, templates[lg], entity_type, lg)
            if text:
                text += values.rng.choice([" ", "\n", " Also, ", "\n\n"])
            text += before
            spans.append((entity_type, len(text), len(text) + len(value)))
            text += value + after
        out.append(Example(text, spans, lg))
    return out


def negatives() -> list[Example]:
    """Texts without personal data: the shipped review sentences and the negative corpus file."""
    out = []
    reviews = DATA / "cape_reviews.txt"
    for line in reviews.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(Example(line.strip(), [], "en"))
    text = (DATA / "prmpt_negative_v1.txt").read_text("utf-8")
    for block in text.split("\n---\n"):
        lines = [ln for ln in block.splitlines() if not ln.startswith("#")]
        lang = "en"
        if lines and lines[0].startswith("@lang "):
            lang = lines.pop(0).split()[1]
        body = "\n".join(lines).strip("\n")
        if body.strip():
            out.append(Example(body, [], lang))
    return out
