/**
 * What a list page could not read in its URL's filters, each named, above the list (role alert: the list shown is
 * not what was asked for). Nothing when every filter was read.
 */
export function FilterProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/40 px-4 py-2 text-sm text-destructive">
      <ul className="list-inside list-disc">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
