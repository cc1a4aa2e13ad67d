/** The server's (or the form's) message about why nothing was saved, announced to screen readers. */
export function FormError({ message, id, className }: { message?: string; id?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={className ?? "text-sm text-destructive"}>
      {message}
    </p>
  );
}
