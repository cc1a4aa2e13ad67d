import Link from "next/link";
import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { loadCard } from "@/lib/home/card-data";
import { listRequests } from "@/lib/requests/list-requests";
import { defaultRequestFilters } from "@/lib/requests/request-filters";

const shown = 5;

/** Company requests whose datapoints or documents are still arriving, newest first. */
export async function RunningRequestsCard() {
  const data = await loadCard("requests still running", () => listRequests({ ...defaultRequestFilters, status: "in_progress", page: 1 }));
  return (
    <HomeCard title="Requests still running" href="/requests?status=in_progress" linkLabel="All running requests">
      {data.failure !== undefined ? (
        <HomeCardFailure failure={data.failure} />
      ) : data.value.total === 0 ? (
        <HomeCardEmpty>Every request is complete.</HomeCardEmpty>
      ) : (
        <>
          <p>
            {data.value.total} {data.value.total === 1 ? "request is" : "requests are"} still running.
          </p>
          <ul className="space-y-1">
            {data.value.rows.slice(0, shown).map((request) => (
              <li key={request.requestId}>
                <Link href={`/requests/${encodeURIComponent(request.requestId)}`} className="text-primary underline underline-offset-4">
                  {request.companyName ?? request.requestId}
                </Link>{" "}
                <span className="text-muted-foreground">
                  {request.datapoints.final} of {request.datapoints.total} final · ordered {utcMinute(new Date(request.createdAt))}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </HomeCard>
  );
}
