import Link from "next/link";
import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { Badge } from "@/components/ui/badge";
import { loadCard } from "@/lib/home/card-data";
import { myReviewsDue, reviewQueueDays } from "@/lib/home/my-reviews";
import { reviewDue } from "@/lib/reviews/review-dates.shared";
import { openReviewQueueCount } from "@/lib/reviews/review-queue";
import { count } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";

const companyHref = (countryCode: string, companyId: string) => `/companies/${countryCode}/${encodeURIComponent(companyId)}`;

/** The signed-in officer's reviews due: the companies they own that are overdue or due within 30 days, overdue first. */
export async function MyReviewsCard({ userId }: { userId: string }) {
  const [data, queued] = await Promise.all([
    loadCard("my reviews", () => myReviewsDue(userId)),
    loadCard("my review queue", () => openReviewQueueCount(userId)),
  ]);
  const now = new Date();
  return (
    <HomeCard title="My reviews" href="/portfolio?owner=me&due=due30" linkLabel={`All my reviews due within ${reviewQueueDays} days`}>
      {queued.failure === undefined && queued.value > 0 && (
        <p data-testid="my-review-queue">
          <Link href="/portfolio/review-queue" className="font-medium text-primary underline underline-offset-4">
            {count(queued.value, "refreshed company waits", "refreshed companies wait")} in your review queue
          </Link>
          , with what changed since their last review.
        </p>
      )}
      {data.failure !== undefined ? (
        <HomeCardFailure failure={data.failure} />
      ) : data.value.total === 0 ? (
        <HomeCardEmpty>No company you own is due for review within {reviewQueueDays} days.</HomeCardEmpty>
      ) : (
        <>
          <p>
            {count(data.value.total, "company you own is", "companies you own are")} due for review within {reviewQueueDays} days
            {data.value.overdue > 0 && (
              <>
                {", "}
                <Link href="/portfolio?owner=me&due=overdue" className="text-primary underline underline-offset-4">
                  {data.value.overdue} overdue
                </Link>
              </>
            )}
            {data.value.total > data.value.rows.length && `; the ${data.value.rows.length} due soonest`}:
          </p>
          <ul className="space-y-2" data-testid="my-reviews">
            {data.value.rows.map((row) => {
              const due = reviewDue(row.nextReviewDue, now);
              return (
                <li key={`${row.countryCode} ${row.companyId}`} className="flex flex-wrap items-center gap-2">
                  <Link
                    href={companyHref(row.countryCode, row.companyId)}
                    className="font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                  >
                    {row.companyName ?? `${row.countryCode} ${row.companyId}`}
                  </Link>
                  <span className="text-muted-foreground">{row.rating ? `${label("riskRating", row.rating)} risk` : "Not rated yet"}</span>
                  <span>{due.overdue ? due.text : `due ${due.text}`}</span>
                  {due.overdue && <Badge variant="destructive">Overdue</Badge>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </HomeCard>
  );
}
