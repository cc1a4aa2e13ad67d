import { TechnicalDetails } from "@/components/ui/technical-details";
import { errorText } from "@/lib/vocabulary/words.shared";

/** An error in words (lib/vocabulary); its code, message and details as sent only under "Technical details". */
export function ErrorWords({ error }: { error: { code: string; message: string; status?: number; details?: readonly string[] } }) {
  return (
    <>
      {errorText(error.code, error.message)}
      <TechnicalDetails>
        {error.status !== undefined && <>HTTP {error.status} · </>}
        {error.code}: {error.message}
        {error.details && error.details.length > 0 && (
          <ul>
            {error.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </TechnicalDetails>
    </>
  );
}
