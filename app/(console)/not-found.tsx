import { NotFoundMessage } from "@/components/shell/not-found-message";

/** A console page's notFound() (an alert, request or company that is not there): inside the shell's `<main>`. */
export default function ConsoleNotFound() {
  return <NotFoundMessage />;
}
