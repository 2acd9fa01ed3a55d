"""Addresses as other countries write them: multi-line blocks, postcodes on their own line, street types
of many languages, streets with no type word, units, Japanese addresses; and the postal code codec's
round trip. Every example is made up."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.keys import MasterKey
from mechanisms.prmpt.entities.addresses import PostalCodeCodec

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("addresses")
_CA_FIRST = "ABCEGHJKLMNPRSTVXY"
_CA_OTHER = "ABCEGHJKLMNPRSTVWXYZ"


@settings(max_examples=300, deadline=None)
@given(st.text(_CA_FIRST, min_size=1, max_size=1), st.integers(0, 9), st.text(_CA_OTHER, min_size=1, max_size=1),
       st.sampled_from([" ", ""]), st.integers(0, 9), st.text(_CA_OTHER, min_size=1, max_size=1), st.integers(0, 9))
def test_a_canadian_postcode_comes_back_whatever_letters_its_stand_in_holds(a: str, b: int, c: str, sep: str, d: int,
                                                                             e: str, f: int) -> None:
    """The stand-in's tail may hold letters Canada never uses ("R1T 4U6"): decryption still reads it as
    Canadian (this failed for about half of all codes before)."""
    value = f"{a}{b}{c}{sep}{d}{e}{f}"
    codec = PostalCodeCodec()
    hidden = codec.encrypt(value, KEYS)
    assert hidden[:3] == value[:3] and codec.decrypt(hidden, KEYS) == value


# ------------------------------------------------------------ the detector, through the sanitizer
import re  # noqa: E402

import pytest  # noqa: E402

from attack import attack_every_surface  # noqa: E402
from mechanisms.prmpt.config import PrmptConfig  # noqa: E402
from mechanisms.prmpt.sanitizer import Sanitizer  # noqa: E402


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def _segments(value: str) -> list[str]:
    """The parts the leak rule reads: the whole value and each digit-bearing segment of 4+ characters."""
    parts = [p.strip() for p in re.split(r"[,\n]", value)]
    return [value] + [p for p in parts if len(p) >= 4 and re.search(r"\d", p)]


def _never_sent(sanitizer: Sanitizer, text: str, parts: list[str]) -> None:
    """No digit-bearing segment of the address's parts reaches the upstream, and the text comes back."""
    out = sanitizer.sanitize(text, KEYS)
    for part in parts:
        for segment in _segments(part):
            assert segment not in out.text, (segment, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text

@pytest.mark.parametrize("text, address", [
    # postcode on its own line under a street with a suffix type (Dutch, Danish, Swedish, Norwegian)
    ("Ship it to:\nKorenbloemstraat 41\n3512 KV\nUtrecht", "Korenbloemstraat 41\n3512 KV"),
    ("Adresse:\nVestervoldstræde 17\n8200 Aarhus N", "Vestervoldstræde 17\n8200"),
    ("Send to\nLinnégränd 9\n41263 Göteborg", "Linnégränd 9\n41263"),
    ("Post: Fjellbakken 14B, 5032 Bergen", "Fjellbakken 14B, 5032"),
    # a street with no type word over a postcode and town (Czech, Slovak layouts)
    ("Bydlím na adrese\nNad Vltavou 318\n252 41 Dolní Břežany", "Nad Vltavou 318\n252 41"),
    # units, USPS suffixes, Australian and Mexican "town, STATE postcode"
    ("Flat 12\n9 Harrowgate Rise\nLondon\nSE15 4QP", "Flat 12\n9 Harrowgate Rise\nSE15 4QP"),
    ("Deliver to 4417 Pemberton Underpass Apt. 22, Fairhope, AL 36532", "4417 Pemberton Underpass Apt. 22"),
    ("Mail: 6/14 Kingsley Esplanade\nWollongbar, NSW, 2477", "6/14 Kingsley Esplanade\n2477"),
    ("Dirección:\nAndador Tulancingo 482\nColonia Roma, CDMX 06700", "Andador Tulancingo 482\n06700"),
    # type-first Italian and Portuguese with their postcode lines, an Indian PIN after the town
    ("Indirizzo:\nStretto Garibaldi, 14\n20121, Milano (MI)", "Stretto Garibaldi, 14\n20121"),
    ("Morada: Rua dos Fanqueiros, 118\n1100-231 Lisboa", "Rua dos Fanqueiros, 118\n1100-231"),
    ("Address:\n42 Residency Road\nBengaluru-560025", "42 Residency Road\n560025"),
    # Japanese: prefecture, city, district and block numbers
    ("住所は東京都千代田区丸の内3丁目8番1号です。", "東京都千代田区丸の内3丁目8番1号"),
    # Russian and Ukrainian house and flat markers, a postcode after the street or after the town
    ("Доставка: г. Самара, ул. Садовая, д. 14/2, кв. 37, 443010", "ул. Садовая, д. 14/2, кв. 37, 443010"),
    ("Адреса: вулиця Лісова, буд. 21 кв. 4, Житомир, 10014", "вулиця Лісова, буд. 21 кв. 4, 10014"),
    # Chinese road and number with a postcode after it; Korean municipality, road and number
    ("寄到上海市静安区南京西路1266号 200040", "南京西路1266号 200040"),
    ("주소: 서울특별시 마포구 월드컵로 212-7 입니다", "마포구 월드컵로 212-7"),
])
def test_an_address_written_the_way_its_country_writes_it_does_not_reach_the_upstream(
        sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", [
    "Chapter 12\n2019 Edition", "Step 3\n1000 Users", "Table 4\n2020 Results", "Order 1234\n5678 Items",
    "Python 3\n2023 Release Notes", "Section 4\nPage 12\n2021 Annual Report", "Total 45\nSubtotal 40\n5000 Credits",
    "GPU 0\n8000 MiB", "Batch 64\n1000 Steps", "Q3 2024\n1500 Units Sold", "Lesson 7\n2048 Bytes",
    "Worker 3\n1024 MB free",
])
def test_numbered_lines_that_are_no_address_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, code", [
    ("I live in 12211 Brackenport.", "12211"),
    ("We are based in Göttingen 37073.", "37073"),
    ("Northcote Vale, 63268", "63268"),
    ("Send it to 68403 Göppingen, please.", "68403"),
    ("My zip code is K6X 5Y3.", "K6X 5Y3"),
    ("the office at 56998 Stuttgart is closed", "56998"),
])
def test_a_postcode_beside_its_town_is_hidden(sanitizer: Sanitizer, text: str, code: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert code not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", [
    "In 2019 Paris hosted the summit.", "The RTX 4090 is fast.", "Paris, 45000 people attended.",
    "We sold 12000 Widgets in Q3.", "London 2012 was a great Olympics.", "Call extension 4412 Monday morning.",
    "Boeing 7478 is not a real plane.",
])
def test_years_counts_and_models_beside_a_name_are_no_postcode(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ------------------------------------------------------------ the attack, through the proxy and a recording upstream
# every shape this round finds, in the system prompt, a tool result and the user message of chat (whole and
# streamed in small chunks), Messages and Responses: nothing arrives verbatim, the echo comes back as written
ATTACK = ("Ship it to:\nKorenbloemstraat 41\n3512 KV\nUtrecht\n"
          "Mail: 6/14 Kingsley Esplanade\nWollongbar, NSW, 2477\n"
          "My zip code is K1A 0B1. I live in 12211 Brackenport. "
          "Доставка: ул. Садовая, д. 14/2, кв. 37, 443010. "
          "A letter from Vennick reached the véhicule depot. Write a note for my daughter Amberly. "
          "hey jaylinne can u check?\nMaldonado, Kieran - client\n\nThanks,\nYvaine")
ATTACK_SECRETS = ("Korenbloemstraat 41", "3512 KV", "Kingsley Esplanade", "2477", "K1A 0B1", "12211", "Садовая, д. 14/2",
                  "443010", "Vennick", "Amberly", "jaylinne", "Maldonado", "Kieran", "Yvaine")


def test_this_rounds_shapes_never_reach_the_upstream_on_any_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    attack_every_surface(veil_factory, upstream, ATTACK, ATTACK_SECRETS)


@pytest.mark.parametrize("text, number", [
    ("my number is 07536/79160110 after 6pm", "07536/79160110"),
    ("Phone: 05446/97482123", "05446/97482123"),
    ("Tel. 030/12345678", "030/12345678"),
])
def test_a_phone_number_written_with_a_slash_is_hidden_not_a_crash(sanitizer: Sanitizer, text: str,
                                                                   number: str) -> None:
    """German numbers put a slash after the area code; the card check read the slash as a digit and every
    request holding one failed (a ValueError, so nothing could ever be sent)."""
    out = sanitizer.sanitize(text, KEYS)
    assert number not in out.text and number.split("/")[1] not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# ------------------------------------------------------------ the other parts of an address run, beside a part found
@pytest.mark.parametrize("text, parts", [
    # unit and house designators with their numbers, through the district and town names to the postcode
    ("Deliver to House No. 14, Kumarpara, Sylhet, 3100", ["House No. 14", "3100"]),
    ("Flat 3, Building No. 12, Dhanmondi, Dhaka, 1209", ["Flat 3", "Building No. 12", "1209"]),
    ("Address: Apartment 6, House No. 71, Old Moghbazar, Rajshahi, 6203", ["Apartment 6", "House No. 71", "6203"]),
    # bare house numbers after "to" or "is"
    ("Ship to 27/114, Gandhi Marg, Jaipur 302001", ["27/114", "302001"]),
    ("My address is 58/991, Loke Ganj, Amravati 771516", ["58/991", "771516"]),
    # blocks, lots and phases around a street (Philippine layout); a street with no type word before its town
    ("Block 7 Lot 12 Narra Street, Greenfield Village Phase 2, Dasmariñas, 4114 Cavite",
     ["Block 7 Lot 12 Narra Street", "Greenfield Village Phase 2", "4114"]),
    ("Send it to Solbakken 12, 3715 Skien.", ["Solbakken 12", "3715"]),
    ("Please ship the order to Pod zidom 492\n89913 Kaštela", ["Pod zidom 492", "89913"]),
    ("Unit 4, Mirabel Heights 22, Ashgrove Road 7, 4060 Brisbane", ["Unit 4", "Mirabel Heights 22", "4060"]),
    # a unit before the street in its part
    ("Suite 21 14 Kinsella Quays\nMorganton, QLD, 4305", ["Suite 21 14 Kinsella Quays", "4305"]),
])
def test_the_parts_beside_a_street_or_a_postcode_are_hidden(sanitizer: Sanitizer, text: str, parts: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for part in parts:
        assert part not in out.text, (part, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, address", [
    # a unit line, a street line with no number, a town line and a postcode line
    ("Flat 4B\nGreenwood Parade\nNorth Ellaville\nLS6 2QT", "Flat 4B\nLS6 2QT"),
    ("Studio 12\nMarsh Quays\nPort Delia\nBT7 1NN", "Studio 12\nBT7 1NN"),
    ("Apartment 9\nHollis Meadows\nSouth Brenton\nCF10 3AT", "Apartment 9\nCF10 3AT"),
    ("Send to:\nFlat 31\nKettering Rise\nLower Ashby\nNE3 4RT\n\nThanks", "Flat 31\nNE3 4RT"),
    ("Suite 7\nOsprey Walk\nBrantwood\nG12 8QQ", "Suite 7\nG12 8QQ"),
    # a state and a postcode ending the address in the middle of a sentence
    ("I moved to 14 Wattle Grove\nCarlingford, NSW, 2118 last month.", "14 Wattle Grove\n2118"),
    ("We moved to 3 Banksia Pathway\nGlenroy, VIC, 3046 in May.", "3 Banksia Pathway\n3046"),
    # Canadian: five-digit house numbers, Quebec street types, a postcode after the province
    ("I moved to 18255 rang Saint-Joseph\nSainte-Perpétue, QC G0R 3Z0 last month.", "18255 rang Saint-Joseph\nG0R 3Z0"),
    ("Livrez au 2210 montée Sainte-Julie\nVarennes, QC J3X 1P7", "2210 montée Sainte-Julie\nJ3X 1P7"),
    ("Her place: Baie-Comeau, QC G4Z 2K8", "G4Z 2K8"),
    # Taiwanese: postcode, road, lane, number and floor; Korean "거리" roads with a district in brackets
    ("寄到 40341 台中市西區民權路88巷3號5樓 謝謝", "40341 台中市西區民權路88巷3號5樓"),
    ("地址：10491 臺北市中山區南京東路二段76號之3", "10491 臺北市中山區南京東路二段76號之3"),
    ("주소: 경상남도 인제군 가락819거리 959 (진우김이면)", "인제군 가락819거리 959 (진우김이면)"),
])
def test_more_layouts_do_not_reach_the_upstream(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text, kept", [
    # numbered words beside an address that are no part of it: sentences, scores, versions, items, years
    ("I finished Level 5, then moved to 12 Main Street.", ["Level 5"]),
    ("Send it to 12 Main Street, Springfield, IL 62704. Score: 3-1, Level 5 was hard.", ["3-1", "Level 5"]),
    ("Model X-200, firmware 3.2.1, 12 Main Street", ["Model X-200", "3.2.1"]),
    ("Order 1234, Item A5, 9 Harrowgate Rise, London, SE15 4QP", ["Order 1234", "Item A5"]),
    ("Rated 45/50, 12 rue de la Paix, 75002 Paris", ["Rated 45/50"]),
    ("Match 3-1, Arsenal, 12 Main Street", ["Match 3-1"]),
    ("We sold 300 units, Q3 2024, London SW1A 1AA office.", ["Q3 2024"]),
    ("Chapter 12, Python 3, Table 4, 10435 Berlin", ["Chapter 12", "Python 3", "Table 4"]),
    ("Meet at 12 Main Street, Boston at 3 pm, Room 4B.", ["3 pm"]),
    # sentences in other languages beside an address: the words of a sentence are no street name
    ("El coche con matrícula 9543 FGV está mal aparcado.\nVivo en Avenida de Egea 140, 28001 Madrid",
     ["está mal aparcado"]),
    ("Vuelvo una vez al año. historia clínica 0469, Calle Mayor 3, 28013 Madrid", ["al año"]),
    ("La factura 4471 llegó tarde otra vez.\nCalle de Toledo 22\n28005 Madrid", ["llegó tarde"]),
    ("Il pacco 3321 è arrivato ieri sera.\nVia Roma 12\n00184 Roma", ["è arrivato ieri sera"]),
    ("O pedido 8812 chegou atrasado.\nRua Augusta 50\n1100-048 Lisboa", ["chegou atrasado"]),
])
def test_numbered_words_beside_an_address_stay(sanitizer: Sanitizer, text: str, kept: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for part in kept:
        assert part in out.text, (part, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", [
    "Level 5, Phase 2, Block 3 of the course are done.", "Room 101, Floor 3 and Suite 4 of the benchmark.",
    "Version 2.1, Build 345, Release 12", "Apartment 7 is the best episode, then Flat 3.",
    "Score 3-1, 45/2019, v2.1, 10:30, build 4B", "Lot 12, Lot 13 and Block 7 went to auction first.",
    "Unit 4, Unit 5 and Unit 6 cover sorting.", "The 2019 Edition, Table 4, Figure 12.",
])
def test_unit_words_with_numbers_and_no_address_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, address", [
    # Norwegian streets named by their ending (-plassen, -tunet, -engen, -stykket), a year-like postcode after them
    ("Please ship the order to Lindeplassen 4, 1941 Moldal.", "Lindeplassen 4, 1941"),
    ("I moved to Bergstunet 85, 3012 Drammen last month.", "Bergstunet 85, 3012"),
    ("Send it to Haugenengen 20C, 4405 Flekkefjord", "Haugenengen 20C, 4405"),
    # Polish and Slovenian types; a Czech town starting with a letter beyond Latin-1 ("Železný Brod")
    ("My address is plac Zbawiciela 35/2\n00-573 Warszawa", "plac Zbawiciela 35/2\n00-573"),
    ("Address:\nKovaška ulica 4a\n4000 Kranj\n\nThanks!", "Kovaška ulica 4a\n4000"),
    ("Address:\nMlýnská 559\n468 22 Železný Brod\n\nThanks!", "Mlýnská 559\n468 22"),
    # Italian and Mexican types with the sentence going on after the postcode line
    ("I moved to Canale Orsoni, 99\n30121, Venezia (VE) last month.", "Canale Orsoni, 99\n30121"),
    ("Ship to Diagonal Norte Obregón 102 Interior 7\nSan Pedro, NL 66220", "Diagonal Norte Obregón 102 Interior 7\n66220"),
    ("Circunvalación Hidalgo 771 516\nNueva Rosita, COAH 26800", "Circunvalación Hidalgo 771 516\n26800"),
    # Australian types; a town, a state and a postcode with no street found
    ("I moved to 78 Wirraway Cul-de-sac\nNew Dalby, NT, 6853 last month.", "78 Wirraway Cul-de-sac\n6853"),
    ("Address:\n4/4 Karinya Gully\nSt. Dorrigo, SA, 5222\n\nThanks!", "4/4 Karinya Gully\n5222"),
    ("Level 8 85 Korumburra Riverway\nAndamooka, NT, 2257", "Level 8 85 Korumburra Riverway\n2257"),
    # an Indian town and PIN joined by a hyphen, a house number line above it
    ("Please ship the order to H.No. 099\nPurohit Nagar, Suryapet-830401.", "H.No. 099\n830401"),
    ("I moved to 86/09, Gokhale Chowk\nNizamabad-503001 last month.", "86/09\n503001"),
    # a run of units and districts closing with a town and its postcode, no street in it
    ("I moved to Studio 5, Building No. 605, East Mirpara, Paikpara, Narsingdi, 7984 last month.",
     "Studio 5, Building No. 605, 7984"),
    ("Apartment 21, House No. 83, North Kazipara, Jibonpur, Pabna, 6083", "Apartment 21, House No. 83, 6083"),
    # a street whose name is written in Cyrillic or starts with a one-letter word, with a USPS type
    ("Г-жа Петрова\n012 Петиконгрес Tunnel Apt. 479\nКокошковаfurt, VA 76117", "012 Петиконгрес Tunnel Apt. 479"),
    ("I moved to 611 Ó Dubhghaill Spring\nSouth Tralee, PR 22689 last month.", "611 Ó Dubhghaill Spring\n22689"),
])
def test_more_streets_and_postcode_lines_do_not_reach_the_upstream(sanitizer: Sanitizer, text: str,
                                                                    address: str) -> None:
    _never_sent(sanitizer, text, re.split(r"\n|, ", address))


@pytest.mark.parametrize("text", [
    "12 Main Street, Springfield, 2019 was a great year.", "Flat 3, Level 2, Paris, Berlin, 3000 people came.",
    "Dallas, TX, 2019 was a good year for us.", "Room 4, Suite 5, Paris, London, 1200 attendees.",
    "Unit 3, Lesson 4, Berlin, Munich, 2024 edition.", "Tokyo-202405 is the build tag.",
    "Springfield, IL, 1998 was when it opened.",
])
def test_counts_years_and_tags_closing_a_run_are_no_postcode(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for number in re.findall(r"\d{4,6}", text):
        assert number in out.text, (number, out.text)


@pytest.mark.parametrize("text, address", [
    # scripts with no case: a street line over a town and postcode line (Hindi, Tamil), a town and PIN
    ("I moved to 97/91 गांधी मार्ग\nअलीगढ 202001 last month.", "97/91 गांधी मार्ग\n202001"),
    ("Address:\n99/205 नेहरू नगर\nफतेहपुर-212601", "99/205 नेहरू नगर\n212601"),
    ("Address:\n58 காந்தி சாலை\nமதுரை 625001\n\nThanks!", "58 காந்தி சாலை\n625001"),
    # Hebrew and Persian: a street and number, a town, a 7- or 10-digit postcode
    ("Address:\nהשיטה 84, אביבים, 9506992", "השיטה 84, 9506992"),
    ("My address is הרצל 12, רחובות, 7610001", "הרצל 12, 7610001"),
    ("Address:\n9791 ولیعصر جنب\nجنوب تهران, همدان 8762328601\n\nThanks!", "9791 ولیعصر جنب\n8762328601"),
    # Bengali house and flat numbers (Bengali digits) through the districts to the postcode
    ("My address is বাসা নং ২৭৯, আলমপুর মহল্লা, ইসলামপুর, সুনামগঞ্জ, ৯২৩২", "বাসা নং ২৭৯, ৯২৩২"),
    ("অ্যাপার্টমেন্ট ৭, বাসা নং ৪৯৬, নতুন পাড়া, কালিয়াদিয়া, খুলনা, ৮৪১১", "অ্যাপার্টমেন্ট ৭, বাসা নং ৪৯৬, ৮৪১১"),
    ("Holding No. 24, Nandipur Para, Kabirhat, Jhenaidah, 6694", "Holding No. 24, 6694"),
    # Thai: house number, road or lane, then the province and its postcode
    ("Address:\n97/9 ถ.ศรีอุ่น ต.วัดโนนสูง อ.ภูเขียว สงขลา 98760\n\nThanks!", "97/9 ถ.ศรีอุ่น"),
    ("ส่งไปที่ 129 ถนนเขียวขุ้ย ตำบลวัดหัวนา อำเภอเมือง ยะลา 95000 ครับ", "129 ถนนเขียวขุ้ย"),
    ("My address is 45/12 หมู่ 3 ซอยสุขใจ ต.บางพลี จ.สมุทรปราการ 10540", "45/12 หมู่ 3 ซอยสุขใจ"),
    # Vietnamese: a house number with its alley, a street word and the street's name
    ("Please ship the order to 76/146 Hẻm 13 phố Bà Triệu xã Tuy Phước Quảng Ngãi 65882.",
     "76/146 Hẻm 13 phố Bà Triệu"),
    ("Address:\n6/89/620 Tôn Đức Thắng xã Tân An Tỉnh Hưng Yên 17305", "6/89/620 Tôn Đức Thắng"),
    ("I moved to Số 9 phố Hàng Bạc, Phường Hàng Đào, Hà Nội last month.", "Số 9 phố Hàng Bạc"),
    # Georgian street type and number; Azerbaijani building and flat after the street
    ("Address:\nხუდადოვის ქ. 90, დედოფლისწყარო", "ხუდადოვის ქ. 90"),
    ("I moved to თარხნიშვილის ქუჩა 79, ტყიბული last month.", "თარხნიშვილის ქუჩა 79"),
    ("Address:\nFüzuli ray., Nizami küçəsi, b. 14, m. 337", "b. 14, m. 337"),
])
def test_addresses_in_other_scripts_do_not_reach_the_upstream(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, re.split(r"\n|, ", address))


@pytest.mark.parametrize("text", [
    "अध्याय 12\n2019 संस्करण", "पृष्ठ 4\n1000 उपयोगकर्ता", "ราคา 12345 บาท", "ปี 2567 มี 365 วัน",
    "Tôi có 12 quyển sách và 3 cây bút.", "Năm 2024 có 366 ngày.", "სულ 90 ლარი", "Bu 2024-cü ildir, 14 gün qalıb.",
    "গত বছর ২০২৩ সালে ১২০০ জন এসেছিল", "מחיר 84 שקל, 12 יחידות",
])
def test_numbers_in_other_scripts_that_are_no_address_stay(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for number in re.findall(r"\d+", text):
        assert number in out.text, (number, out.text)


@pytest.mark.parametrize("text", [
    "Số 9 là số may mắn của tôi.", "Rated 45/50 by critics.", "Chương 12 Thắng Lợi", "Score 12/20 Đạt",
])
def test_vietnamese_like_numbers_that_are_no_street_stay(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for number in re.findall(r"\d+(?:/\d+)?", text):
        assert number in out.text, (number, out.text)


def test_table_rows_keep_their_numbered_words(sanitizer: Sanitizer) -> None:
    """Rows of a table look like runs of address parts ("Smith 12, Paris, London, 40000"): no run goes down
    a line, nor up to a row that ends with a number, and a name with a number opens no run in Latin letters."""
    text = ("name, age, city, salary\nSmith 12, Paris, London, 40000\nJohnson 45, Boston, 85000\n"
            "Unit 4, Lesson 2, Paris, London, 2024\nRoom 12, Paris, London, 45000 euros\n"
            "RTX 4090, 24 GB, 450 W, 1599 USD\nPlayer 7, Team Blue, Score 3-1, Madrid, 2022\n")
    out = sanitizer.sanitize(text, KEYS)
    for kept in ("Smith 12", "Johnson 45", "Unit 4", "Lesson 2", "Room 12", "450 W", "Player 7", "3-1", "2024", "2022"):
        assert kept in out.text, (kept, out.text)


@pytest.mark.parametrize("text, address", [
    # a town and its postcode with the sentence going on with a word of time or courtesy
    ("I moved to Calle Lirio 41\nCáceres, 10004 last month.", "10004"),
    ("I moved to H.No. 18, Bhasin Chowk\nMehsana 384001 last month.", "H.No. 18\n384001"),
    ("Send it to 01, Chandra Circle, Ballia 277001 please.", "277001"),
    # a street line with a comma before its number and the sentence before it; an Italian flat
    ("I moved to Incrocio Melissa, 67\n84084, Penta (SA) last month.", "Incrocio Melissa, 67\n84084"),
    ("Address:\nViale Emma, 10 Appartamento 7\n41053, Maranello (MO)\n\nThanks!", "Viale Emma, 10 Appartamento 7\n41053"),
    # a Japanese building name with Latin letters in the district
    ("My address is 東京都港区芝浦ＪＰタワー2丁目6番12号 京橋ハイツ137", "東京都港区芝浦ＪＰタワー2丁目6番12号"),
])
def test_postcodes_and_streets_the_sentence_runs_on_from(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", [
    "Paris, 45000 people came. Berlin, 3000 in total.", "Madrid, 2019 was the year.", "Lyon, 12000 visitors today.",
    "Boston, 1200 last year alone? No: Boston, 1200 runners.",
])
def test_a_count_after_a_town_is_no_postcode(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for number in ("45000", "3000", "2019", "12000", "1200"):
        if number in text:
            assert number in out.text, (number, out.text)


@pytest.mark.parametrize("text, code", [
    ("I'm in 94107, can you find restaurants nearby?", "94107"),
    ("We live near 02139 and love it.", "02139"),
    ("I moved to 10001.", "10001"),
    ("We're based in 60614; any coworking spaces?", "60614"),
    ("i am staying in 33139 this week.", None),
])
def test_a_five_digit_code_where_someone_lives_is_hidden(sanitizer: Sanitizer, text: str, code: str | None) -> None:
    out = sanitizer.sanitize(text, KEYS)
    if code:
        assert code not in out.text
    else:  # "this week" goes on: not the end of the clause, the number stays
        assert "33139" in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", ["I'm in 10000 steps today.", "We are at 30000 feet.", "I am in 2024.",
                                  "I moved to 12000 users last year.", "We're in 50000 homes."])
def test_counts_and_years_after_in_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ------------------------------------------------------------ layouts of more countries (each failed before its fix)
@pytest.mark.parametrize("text", ["Casillero 812\nVilla Alegre, Córdoba", "Pedido 812\nVilla Elisa"])
def test_a_value_never_runs_over_a_line_break_and_the_line_breaks_stay(sanitizer: Sanitizer, text: str) -> None:
    """A number ending a line is no house number before a French type word on the next ("812\\nVilla Alegre"
    was a street, and its stand-in dropped the line break from the text sent)."""
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.count("\n") == text.count("\n"), out.text
    assert out.text.split("\n")[0] == text.split("\n")[0]
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, address", [
    # Greek: the street's name and number, then a postcode of 3 + 2 digits (with "ΤΚ" before it) and the town
    ("Διεύθυνση:\nΑκαδημίας 56,\n106 79 Αθήνα", "Ακαδημίας 56,\n106 79"),
    ("Στείλτε το στο\nΕρμού 112,\nΤΚ 546 24 Θεσσαλονίκη", "Ερμού 112,\nΤΚ 546 24"),
    ("Η νέα μου διεύθυνση είναι Παπαφλέσσα 9,\n24100 Καλαμάτα", "Παπαφλέσσα 9,\n24100"),
])
def test_a_greek_street_and_postcode(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


def test_a_greek_sentence_before_a_street_is_kept(sanitizer: Sanitizer) -> None:
    out = sanitizer.sanitize("Η νέα μου διεύθυνση είναι Παπαφλέσσα 9,\n24100 Καλαμάτα", KEYS)
    assert out.text.startswith("Η νέα μου διεύθυνση είναι "), out.text


@pytest.mark.parametrize("text, address", [
    # a postcode alone on its line, the town on the line under it (Belgian, Colombian layouts), a unit line
    # of another language between the street and the postcode
    ("Stuur het naar:\nBloesemhof 17\n2870\nPuurs-Liezele", "Bloesemhof 17\n2870"),
    ("Leveradres\nKorte Dijkstraat 8\n9051\nSint-Denijs-Westrem\n\nDank je", "Korte Dijkstraat 8\n9051"),
    ("Enviar a:\nCalle Las Palmas # 45\nOficina 504\n110231\nBogotá, Cundinamarca", "Oficina 504\n110231"),
    # the town, its postcode and the province on one line (Argentina)
    ("Domicilio:\nPasaje Los Olmos N° 812\nMar de Ajó 7109, Buenos Aires", "Pasaje Los Olmos N° 812\nMar de Ajó 7109"),
])
def test_a_postcode_alone_on_its_line_over_the_town(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", ["Release 4521\n2023\nBerlin", "Step 3\n2048\nTotal", "Casa 4\n2019\nHistoria"])
def test_a_number_alone_on_its_line_with_no_street_above_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, address", [
    # a street with its type and no number over the postcode and town (Switzerland, France): the code is
    # hidden even where it reads as a year
    ("Adresse :\nchemin des Grillons\n2017 Boudry", "2017 Boudry"),
    ("Envoyez-le à\nRue du Lac\n1800 Vevey\nSuisse", "1800 Vevey"),
])
def test_a_street_with_no_number_over_a_postcode_line(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, [address])


@pytest.mark.parametrize("text, address", [
    # the street's name is a number, then a number sign and the house as two numbers (Colombian grid), a
    # direction after it; a numbered avenue, N° and the house (Argentina)
    ("Dirección: Calle 45B # 12-30 Sur, Bogotá", "Calle 45B # 12-30 Sur"),
    ("Enviar a:\nCarrera 7ª Bis # 72-64\nOficina 504\n110231\nBogotá, Cundinamarca",
     "Carrera 7ª Bis # 72-64\nOficina 504\n110231"),
    ("Queda en la Transversal 93 # 51-98, Medellín", "Transversal 93 # 51-98"),
    ("Enviar a Avenida 9 N° 1540 Local 3\nPosadas 3300, Misiones", "Avenida 9 N° 1540 Local 3\nPosadas 3300"),
    ("Domicilio:\nBlv. Las Heras N° 812\nVilla María 5900, Córdoba", "Blv. Las Heras N° 812\nVilla María 5900"),
])
def test_numbered_streets_with_a_number_sign(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", ["Issue #12-3 was closed.", "Calle 5 es la mejor canción del disco.",
                                  "Lee el capítulo 3 # 12-14 del libro."])
def test_a_number_sign_with_no_street_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, parts", [
    # a road and a kilometre mark (Chile, Argentina, Brazil, Spain)
    ("Entregar en Ruta 40 Sur, km 1203, Mendoza", ["Ruta 40 Sur", "km 1203"]),
    ("Fica na Rodovia BR-116, km 87", ["Rodovia BR-116", "km 87"]),
    ("La nave está en la Carretera N-340, km 45, Almería", ["Carretera N-340", "km 45"]),
    # a street of name words, its number and a unit, with no type word and no postcode
    ("Mi dirección es Las Acacias 1450 Depto. 32\nÑuñoa, Región Metropolitana", ["Las Acacias 1450 Depto. 32"]),
    ("Vivo en Los Aromos 77 Of. 1204, Temuco", ["Los Aromos 77 Of. 1204"]),
])
def test_a_road_with_its_kilometre_and_a_street_with_its_unit(sanitizer: Sanitizer, text: str,
                                                              parts: list[str]) -> None:
    _never_sent(sanitizer, text, parts)


@pytest.mark.parametrize("text", [
    "Take Route 66 for about 200 km.", "Lesson 4 Unit 2 is due on Monday.", "The route is 5 km long, km 3 is the steepest.",
    "Windows 10 Pro 2 licences", "Season 2 Suite 5 was the best episode.",
])
def test_routes_and_units_that_are_no_address_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, address", [
    # a Philippine block and lot before the house number and the street (an ordinal name)
    ("Deliver to B7 L12 Acacia Street, Marikina", "B7 L12 Acacia Street"),
    ("Address:\nB2 L9 3rd Avenue, Sampaloc Heights, 1900 Cainta", "B2 L9 3rd Avenue"),
])
def test_a_block_and_lot_before_the_street(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, [address])


def test_a_number_ending_a_line_is_no_house_number_of_a_street_on_the_next(sanitizer: Sanitizer) -> None:
    text = "We won in 2012\nConstitutional Court rules"
    assert sanitizer.sanitize(text, KEYS).text == text


def test_a_postcode_alone_under_a_street_over_a_town_the_dictionary_knows(sanitizer: Sanitizer) -> None:
    """The town under a postcode line may read as words ("Lint"): under a street found on the line above the
    code, any capitalised line is the town."""
    _never_sent(sanitizer, "Stuur het naar\nDorpstraat 9\n2547\nLint", ["Dorpstraat 9", "2547"])
    assert sanitizer.sanitize("Release 4521\n2023\nLint", KEYS).text == "Release 4521\n2023\nLint"


@pytest.mark.parametrize("text, address", [
    # a type written in lower case before the name, the number after it, then units (Romanian, Bulgarian,
    # Serbian): "str.", "bd.", "ул.", "бул." with "nr." and "bl.", "sc.", "ap.", "вх.", "ет.", "ап."
    ("Trimiteți la str. Lungă nr. 7, bl. B2, ap. 9\n550123 Sibiu", "str. Lungă nr. 7, bl. B2, ap. 9\n550123"),
    ("Adresa: bd. Independenței 25, sector 3, București 030167", "bd. Independenței 25\nsector 3\n030167"),
    ("Изпратете на ул. Цар Симеон 45, ет. 3, ап. 12, 1000 София", "ул. Цар Симеон 45\nет. 3\nап. 12\n1000"),
    ("Адреса: бул. Ослобођења 22, 21000 Нови Сад", "бул. Ослобођења 22\n21000"),
])
def test_a_lower_case_type_before_the_name_and_the_number_after_it(sanitizer: Sanitizer, text: str,
                                                                   address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", ["In Python, str. Format 3 ways exist.", "Read the str. Table 4 row first."])
def test_a_lower_case_type_before_dictionary_words_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, parts", [
    # Indonesian and Malaysian: "Jl." or "Jalan", the name and the number
    ("Kirim ke Jl. Flamboyan No. 85, Kec. Gambir, Jakarta Pusat 10110", ["No. 85", "10110"]),
    ("Tolong kirim ke Jl. Melati No. 38 besok", ["No. 38"]),
])
def test_an_indonesian_street(sanitizer: Sanitizer, text: str, parts: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for part in parts:
        assert part not in out.text, (part, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_a_run_stops_at_a_part_found_on_its_own(sanitizer: Sanitizer) -> None:
    """The run of parts from a postcode reads no part that holds a street found on its own: the street has
    its own run, and the words before it in its part are a sentence ("Пишите на ул. ...")."""
    text = "Пишите на ул. Садовая 5, 443010 Самара"
    out = sanitizer.sanitize(text, KEYS)
    streets = [text[e.start:e.end] for e in out.entities if e.type == "STREET_ADDRESS"]
    assert streets == ["ул. Садовая 5"], streets


@pytest.mark.parametrize("text, address", [
    # a New Zealand rural delivery line, and a town that reads as words under a street found above it
    ("Ship to 14 Kowhai Street\nRD 4\nGreen Valley 3281", "14 Kowhai Street\nRD 4\n3281"),
    ("My address is 27 Tui Crescent\nMount Pleasant 8081", "27 Tui Crescent\n8081"),
    ("Calle Sarmiento N° 455\nRosario 2000, Santa Fe", "Calle Sarmiento N° 455\nRosario 2000"),
])
def test_a_rural_delivery_line_and_a_town_of_words_under_a_street(sanitizer: Sanitizer, text: str,
                                                                  address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


def test_a_numbered_line_after_a_blank_line_under_a_street_stays(sanitizer: Sanitizer) -> None:
    out = sanitizer.sanitize("See 12 Main Street\n\nChapter 2019", KEYS)
    assert out.text.endswith("\n\nChapter 2019"), out.text


@pytest.mark.parametrize("text, address", [
    # French types in lower case before the name, the number after it (Switzerland, Belgium)
    ("Envoyez à rue de Lausanne 64\n1020 Renens", "rue de Lausanne 64\n1020"),
    ("Livrez au chemin des Pâquerettes 9, 1815 Clarens", "chemin des Pâquerettes 9\n1815"),
    ("Write to route de Genève 45, 1260 Nyon", "route de Genève 45\n1260"),
])
def test_a_french_lower_case_type_before_the_name_and_the_number_after_it(sanitizer: Sanitizer, text: str,
                                                                          address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", ["It took place July 4 in Boston.", "The square Root 2 is irrational."])
def test_english_words_that_are_french_types_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, address", [
    # a direction between the numbered name and the number sign (Colombia), "Tr." for Transversal
    ("Enviar a:\nCr. 15 Sur # 48B-21\n110611\nBogotá, Cundinamarca", "Cr. 15 Sur # 48B-21\n110611"),
    ("Queda en Diagonal 62 Este # 19-70, Cali", "Diagonal 62 Este # 19-70"),
    ("Dirección: Tr. 27 # 8-14, Pasto", "Tr. 27 # 8-14"),
])
def test_a_direction_before_the_number_sign(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text, house", [
    # a unit between the house number and the street's name, an ordinal name (Philippine layout)
    ("Ship to 415 Unit 3 45th Road Extension, Pasig", "415 Unit"),
    ("Deliver to 2210 Apt 4B 12th Street Extension, Tagum", "2210 Apt"),
])
def test_a_unit_before_the_street_name(sanitizer: Sanitizer, text: str, house: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert house not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# ------------------------------------------------------------ a street with no type word after an address cue
@pytest.mark.parametrize("text, address", [
    ("My address is Lindeborg 214, Vestrup", "Lindeborg 214"),
    ("Please ship the order to Hollaender 87, Sankt Veit.", "Hollaender 87"),
    ("I moved to Ravenkamp 1120 last month.", "Ravenkamp 1120"),
    ("She lives at 33 Kestrelmoor, Drumlea.", "33 Kestrelmoor"),
    ("Address:\n906 Saint Du Moulin, 45120 Lorvienne\n\nThanks!", "906 Saint Du Moulin\n45120"),
    ("We are moving to 58 Pomeroy Vale, Alnwick.", "58 Pomeroy Vale"),
    ("deliver it to Kuusikko 7 B, 02130 Tapiola", "Kuusikko 7\n02130"),
    ("My address is 4410 Cour Des Tilleuls, Vernay, Savoie 73120 thanks", "4410 Cour Des Tilleuls\nSavoie 73120"),
    ("My address is Σπετσών 58, Χαλάνδρι, Αττική 15233", "Σπετσών 58\nΑττική 15233"),
    ("My address is Ornellastraat 310, 2719 KT Zoetermeer", "Ornellastraat 310\n2719 KT"),
])
def test_a_street_with_no_type_word_after_an_address_cue(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text, address", [
    # a region and its postcode closing the run after a town
    ("Hauptgasse 17, Feldkirch, Vorarlberg 6800", "Vorarlberg 6800"),
    ("Send it to 12 Merrow Lane, Crossby, Derbyshire 4410", "Derbyshire 4410"),
    ("I moved to Kaštanova 81, Poreč, Istra 52440 last month.", "Istra 52440"),
    ("Our office: Via Ostiense 96, Trastevere, Lazio 00153", "Lazio 00153"),
    ("Delivery: 88 Ocean Street, Woollahra, New South Wales 2025", "New South Wales 2025"),
])
def test_a_region_and_its_postcode_closing_an_address(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text, address", [
    # Arabic, Persian and Hebrew street types, the number first or last; Russian and Ukrainian types with a
    # bare number after the name
    ("العنوان:\n742 شارع النخيل الغربي, المنامة", "742 شارع النخيل الغربي"),
    ("سلمى خليل\n1586 طريق الملك فهد, 31952 الخبر", "1586 طريق الملك فهد\n31952"),
    ("Please send it to 95 زنقة الورود, الرباط.", "95 زنقة الورود"),
    ("نشانی من خیابان بهار شمالی 214 است", "خیابان بهار شمالی 214"),
    ("Ship to רחוב הגפן 27, חיפה", "רחוב הגפן 27"),
    ("Ирина Соколова\nпроспект Строителей 412, 630090 Новосибирск", "проспект Строителей 412\n630090"),
    ("Надіслати: вул. Липова 38, Житомир", "вул. Липова 38"),
    ("Аллея Каштановая 77, Тверь", "Аллея Каштановая 77"),
])
def test_streets_of_scripts_without_capitals_or_with_a_bare_number(sanitizer: Sanitizer, text: str,
                                                                   address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", [
    "I moved to Windows 11 last year.", "The address is 12 lines long.", "We moved to Chapter 12, then stopped.",
    "I moved to Berlin in 2019.", "ship it to Ubuntu 22.04 hosts", "She lives on Level 2 of the game? no.",
    "My address is the same as before.", "We moved to version 3 of the API.", "He lives at home with 3 cats.",
    "In 2019 US Congress passed the bill.",
])
def test_what_follows_an_address_cue_and_reads_as_a_sentence_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


CUE_ATTACK = ("My address is Lindeborg 214, Vestrup, Jylland 7330. "
              "سلمى خليل\n1586 طريق الملك فهد, 31952 الخبر\n"
              "Ship to проспект Строителей 412, 630090 Новосибирск")
CUE_SECRETS = ("Lindeborg 214", "Jylland 7330", "1586 طريق", "31952", "Строителей 412", "630090")


def test_cued_streets_never_reach_the_upstream_on_any_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    attack_every_surface(veil_factory, upstream, CUE_ATTACK, CUE_SECRETS)


# ------------------------------------------------------------ a street line under a name line, no type word, no postcode
@pytest.mark.parametrize("text, address", [
    ("Ingrid Halvorsen\n412 Fjellveien", "412 Fjellveien"),
    ("Σοφία Κωνσταντίνου\nΠατησίων 118", "Πατησίων 118"),
    ("Alice Brown\nKestrelmoor 14\nDrumlea", "Kestrelmoor 14"),
    ("Tomasz Wrobel\nUlica Lipowa 7", "Ulica Lipowa 7"),
    ("Send the parcel to:\nMarta Quintero\nRavenkamp 1120", "Ravenkamp 1120"),
])
def test_a_street_line_under_a_name_line(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, [address])


@pytest.mark.parametrize("text", [
    "Mary Poppins\nVolume 2", "Harry Potter\nPart 7", "Team Alpha\nSprint 12\nVelocity 40",
    "Release Notes\nUbuntu 22.04", "Quarterly Report\nTable 4\nRevenue rose 12 percent in the quarter.",
])
def test_numbered_lines_under_a_title_line_are_no_address(sanitizer: Sanitizer, text: str) -> None:
    found = [text[s.start:s.end] for s in sanitizer.annotator.annotate(text)
             if s.entity_type in ("STREET_ADDRESS", "POSTAL_CODE")]
    assert found == [], found


# Hungarian streets, their type after the name in lower case, and a street with no type word after a weaker cue
# ("ship to", "moved to") when a known town closes it
@pytest.mark.parametrize("text, address", [
    ("Kovács Erzsébet\nÉgerfa köz 851, Lábatlan", "Égerfa köz 851"),
    ("Please send it to Andrássy út 112, Budapest.", "Andrássy út 112"),
    ("Meet me at Szabadság tér 3 tomorrow.", "Szabadság tér 3"),
    ("Lakcím: Petőfi Sándor körút 27, 6720 Szeged", "Petőfi Sándor körút 27"),
    ("Please ship the order to Ojo de Agua 488, Salamanca.", "Ojo de Agua 488"),
    ("We moved to 552 Saint Du Chateau, Mérignac.", "552 Saint Du Chateau"),
])
def test_hungarian_streets_and_a_street_before_a_known_town(sanitizer: Sanitizer, text: str, address: str) -> None:
    _never_sent(sanitizer, text, address.split("\n"))


@pytest.mark.parametrize("text", [
    "We moved to Windows 11, Paris office too.", "Send it to Team 4, Engineering.",
])
def test_a_number_before_a_word_that_is_no_town_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# Postcodes alone: a Canadian one written with its space, an Irish Eircode after its name, a five-digit code where
# someone lives ("She lives in 75011 now")
@pytest.mark.parametrize("text, code", [
    ("Send the forms to K1A 0B1 before Friday.", "K1A 0B1"),
    ("Our Toronto office moved to M5V 3L9 last spring.", "M5V 3L9"),
    ("Eircode: D02 X285", "D02 X285"),
    ("My eircode is A65 F4E2, thanks.", "A65 F4E2"),
    ("She lives in 75011 now.", "75011"),
    ("He resides in 02139, near the river.", "02139"),
])
def test_postcodes_on_their_own(sanitizer: Sanitizer, text: str, code: str) -> None:
    _never_sent(sanitizer, text, [code])


@pytest.mark.parametrize("text", [
    "He ran in 10000 steps.", "She lives in 3 rooms now.", "Sections 4A1 and B2C apply.",
])
def test_numbers_that_are_no_postcode_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# An Australian town, its state and its postcode without a comma, as Australian addresses are written; a code that
# looks like a year after a state no other abbreviation writes ("Sydney NSW 2000"). Each went out before but the one
# marked "(passed before)".
@pytest.mark.parametrize("text, code", [
    ("She lives in Sydney NSW 2000.", "2000"),
    ("Surry Hills NSW 2010 is where I live", "2010"),
    ("She lives in Sydney NSW 2150.", "2150"),
    ("Kingston ACT 2604", "2604"),
    ("Perth WA 6000", "6000"),  # (passed before)
])
def test_an_australian_postcode_after_the_state_without_a_comma(sanitizer: Sanitizer, text: str, code: str) -> None:
    _never_sent(sanitizer, text, [code])


@pytest.mark.parametrize("text", [
    "Acme SA 2019 annual report", "the NSW 2019 election was close", "In NSW 2019 was dry.",
])
def test_a_year_after_a_state_or_a_company_form_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text
