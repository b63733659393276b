import { PHONE_REGIONS } from "@parley/shared/dnc";

export type CountryOption = { code: string; name: string };

/** Every region a number can be read for, named in `locale` ("Germany (DE)"), sorted by name. */
export function countryOptions(locale?: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: "region" });
  } catch {
    // No region names in this runtime: the codes alone still choose.
  }
  return PHONE_REGIONS.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** How a number without +country code will be read: "Numbers without + are read as Germany numbers." */
export function countryHint(code: string, options: CountryOption[]): string {
  const name = options.find((o) => o.code === code)?.name;
  return name
    ? `Numbers without + are read as ${name} numbers.`
    : "Choose a country for numbers written without +country code.";
}
