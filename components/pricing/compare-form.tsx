import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { countryNames, registryCountries, type RegistryCountry } from "@/lib/registry/countries.shared";

function CountrySelect({ label, value }: { label: string; value: RegistryCountry | undefined }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <NativeSelect name="compare" defaultValue={value ?? ""} required>
        <option value="" disabled>
          Choose a country
        </option>
        {registryCountries.map((code) => (
          <option key={code} value={code}>
            {countryNames[code]} ({code})
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

/**
 * Two countries to compare, as a plain GET form (`?compare=FR&compare=DE`), so it works without JavaScript; the
 * datapoint filter, if any, goes along.
 */
export function CompareForm({ compare, datapoint }: { compare: readonly RegistryCountry[] | undefined; datapoint: string | undefined }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Compare two countries">
      <CountrySelect label="First country" value={compare?.[0]} />
      <CountrySelect label="Second country" value={compare?.[1]} />
      {datapoint && <input type="hidden" name="datapoint" value={datapoint} />}
      <Button type="submit" size="sm" variant="outline">
        Compare
      </Button>
    </form>
  );
}
