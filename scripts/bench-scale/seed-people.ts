/**
 * Customers who look like a European shop's: varied first and last names (accents included), addresses in
 * the countries the shop sells to, e-mail addresses unique per customer, the language they shop in.
 */
import type { Language } from "../../common/languages.ts";
import names from "./seed-names.json" with { type: "json" };
import type { Random } from "./seed-random.ts";

const { firstNames, lastNames, domains } = names;

interface Place {
  country: string;
  language: Language;
  cities: readonly string[];
  street: readonly string[];
  phone: string;
}
const places: readonly (readonly [Place, number])[] = [
  [
    {
      country: "ES",
      language: "es",
      cities: ["Madrid", "Barcelona", "Valencia", "Sevilla", "Málaga", "Bilbao", "Zaragoza"],
      street: ["Calle Mayor", "Avenida de la Constitución", "Calle del Sol", "Paseo de Gracia"],
      phone: "+34 6",
    },
    35,
  ],
  [
    {
      country: "FR",
      language: "fr",
      cities: ["Paris", "Lyon", "Marseille", "Toulouse", "Nantes", "Lille", "Bordeaux"],
      street: ["rue de la République", "avenue Victor Hugo", "rue des Lilas", "boulevard Voltaire"],
      phone: "+33 6",
    },
    30,
  ],
  [
    {
      country: "GB",
      language: "en",
      cities: ["London", "Manchester", "Leeds", "Bristol", "Glasgow"],
      street: ["High Street", "Station Road", "Church Lane", "Victoria Road"],
      phone: "+44 7",
    },
    10,
  ],
  [
    {
      country: "DE",
      language: "en",
      cities: ["Berlin", "Hamburg", "München", "Köln"],
      street: ["Hauptstraße", "Schulstraße", "Gartenweg"],
      phone: "+49 15",
    },
    8,
  ],
  [
    {
      country: "IT",
      language: "en",
      cities: ["Roma", "Milano", "Napoli", "Torino"],
      street: ["Via Roma", "Via Garibaldi", "Corso Italia"],
      phone: "+39 3",
    },
    6,
  ],
  [
    {
      country: "BE",
      language: "fr",
      cities: ["Bruxelles", "Liège", "Namur"],
      street: ["rue Neuve", "chaussée de Charleroi"],
      phone: "+32 4",
    },
    5,
  ],
  [
    {
      country: "PT",
      language: "es",
      cities: ["Lisboa", "Porto", "Braga"],
      street: ["Rua Augusta", "Avenida da Liberdade"],
      phone: "+351 9",
    },
    4,
  ],
  [
    {
      country: "US",
      language: "en",
      cities: ["New York", "Miami", "Chicago", "Austin"],
      street: ["Main Street", "Oak Avenue", "Maple Drive"],
      phone: "+1 305",
    },
    2,
  ],
];

export interface Customer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  city: string;
  postalCode: string;
  address: string;
  language: Language;
}

/** A name as an address's local part: lower case, no accents, no spaces or apostrophes. */
export function asciiLocalPart(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Customer number `index` (0-based): the index, digits after letters, keeps every address unique. */
export function makeCustomer(random: Random, index: number): Customer {
  const place = random.weighted(places);
  const firstName = random.pick(firstNames);
  const lastName = random.pick(lastNames);
  const first = asciiLocalPart(firstName);
  const last = asciiLocalPart(lastName);
  const local = random.pick([`${first}.${last}`, `${first}${last}`, `${first[0]}${last}`, `${first}_${last}`, `${last}.${first}`]);
  const digits = String(random.int(0, 99_999_999)).padStart(8, "0");
  return {
    email: `${local}${index}@${random.pick(domains)}`,
    firstName,
    lastName,
    phone: `${place.phone}${digits}`,
    country: place.country,
    city: random.pick(place.cities),
    postalCode: String(random.int(1000, 98_999)).padStart(5, "0"),
    address: `${random.pick(place.street)} ${random.int(1, 180)}`,
    language: random.chance(0.8) ? place.language : random.pick(["en", "es", "fr"] as const),
  };
}
