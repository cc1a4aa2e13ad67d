// Addresses in the country's own format.
import type { Address } from "../../lib/registry/schemas.shared";
import type { City, CountryProfile } from "./profile-types";
import type { Rng } from "./random";

function fillPattern(rng: Rng, pattern: string): string {
  return pattern.replace(/#/g, () => String(rng.int(0, 9)));
}

export function addressLine(rng: Rng, profile: CountryProfile): string {
  const street = rng.pick(profile.streets);
  const number = rng.int(1, 180);
  return profile.addressLine ? profile.addressLine(street, number, rng) : `${street} ${number}`;
}

export function cityNamed(profile: CountryProfile, name: string | undefined): City | undefined {
  return name === undefined ? undefined : profile.cities.find((c) => c.name === name);
}

/** An address in `city`; postal code, region and coordinates only where the profile knows them. */
export function generateAddress(rng: Rng, profile: CountryProfile, city: City): Address {
  const address: Address = { addressLine1: addressLine(rng, profile), city: city.name, countryCode: profile.code };
  if (city.postal) address.postalCode = fillPattern(rng, city.postal);
  if (city.region) address.region = city.region;
  if (city.lat !== undefined && city.lon !== undefined) {
    address.latitude = Math.round((city.lat + rng.float(-0.04, 0.04, 5)) * 1e5) / 1e5;
    address.longitude = Math.round((city.lon + rng.float(-0.04, 0.04, 5)) * 1e5) / 1e5;
  }
  if (rng.chance(0.12)) address.addressLine2 = rng.pick(["Bâtiment B", "2nd floor", "Suite 4", "Unit 12", "c/o Registered Agent"]);
  return address;
}

export function formatAddress(address: Address): string {
  return [address.addressLine1, address.addressLine2, [address.postalCode, address.city].filter(Boolean).join(" "), address.countryCode]
    .filter(Boolean)
    .join(", ");
}
