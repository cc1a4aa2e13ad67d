import "server-only";
import { RegistryError, type RegistryErrorInfo } from "./registry-error.shared";

/**
 * A read of an endpoint the vendor documents beyond the spec. An API with only the spec's endpoints answers 404:
 * the panel that needs it is then hidden with `missing` (one line saying why), never shown as an error. Any other
 * refusal comes back as `error`, in the registry's words, for the panel to show in place.
 */
export type VendorRead<T> =
  | { value: T; missing?: undefined; error?: undefined }
  | { value?: undefined; missing: string; error?: undefined }
  | { value?: undefined; missing?: undefined; error: RegistryErrorInfo };

/** `endpoint` is the method and path as the vendor documents it, e.g. "GET /v2/billing/balance". */
export function vendorEndpointMissing(endpoint: string): string {
  return `This registry does not offer ${endpoint} (it answered 404): the endpoint is documented by the vendor but is not part of the API spec.`;
}

export function readVendorEndpoint<T>(endpoint: string, promise: Promise<T>): Promise<VendorRead<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (error instanceof RegistryError && error.status === 404) return { missing: vendorEndpointMissing(endpoint) };
      if (error instanceof RegistryError) return { error: error.toInfo() };
      throw error;
    },
  );
}
