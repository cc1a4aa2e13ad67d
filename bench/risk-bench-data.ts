/**
 * What the risk benches seed: company files of every kind the rules read, and a stricter model to publish so that
 * every file is rated again (bench:portfolio-rerate, bench:portfolio).
 */
import type pg from "pg";
import { defaultRiskModel, type RiskModel } from "../lib/risk/risk-model.shared";

/** Company files of every kind the rules read, by `n`: about one in three is clean. */
const seedSql = `
insert into company_files (connection_id, country_code, company_id, company_name, sections, sources, graph, revision)
select $1::uuid, case when n % 41 = 0 then 'IR' else 'GB' end, 'RR' || lpad(n::text, 7, '0'), 'Rerate bench ' || n,
  jsonb_build_object(
    'company', jsonb_build_object(
      'legalName', 'Rerate bench ' || n,
      'incorporationDate', case when n % 20 = 0 then (current_date - (n % 300))::text else '2004-03-01' end,
      'legalForm', jsonb_build_object('localName', case when n % 6 = 0 then 'GmbH' else 'Ltd' end),
      'status', case
        when n % 53 = 0 then jsonb_build_object('active', false, 'statusDetails', jsonb_build_object('status', 'CLOSED', 'closureReason', 'LIQUIDATION'))
        when n % 97 = 0 then jsonb_build_object('active', true, 'statusDetails', jsonb_build_object('status', 'UNDER_INSOLVENCY_PROCEEDING', 'insolvencyStartDate', '2026-01-05'))
        else jsonb_build_object('active', true, 'statusDetails', jsonb_build_object('status', 'ACTIVE')) end,
      'complianceFlags', jsonb_build_object(
        'accountsOverdue', jsonb_build_object('active', n % 7 = 0, 'since', '2026-03-03'),
        'uboConfirmationOverdue', jsonb_build_object('active', n % 11 = 0, 'dueDate', '2026-06-30'),
        'registeredCharges', jsonb_build_object('active', n % 5 = 0),
        'liquidated', jsonb_build_object('active', n % 53 = 0))),
    'ultimateBeneficialOwners', case when n % 9 = 0 then '[]'::jsonb else jsonb_build_array(
      jsonb_build_object('name', jsonb_build_object('fullName', 'Owner A' || n), 'nationality', case when n % 31 = 0 then 'IR' else 'GB' end,
        'birthDate', jsonb_build_object('year', 1960 + n % 40, 'month', 1 + n % 12),
        'control', jsonb_build_object('details', jsonb_build_array(jsonb_build_object('percentageValue', 5 + (n % 8) * 10)))),
      jsonb_build_object('name', jsonb_build_object('fullName', 'Owner B' || n), 'nationality', 'FR',
        'control', jsonb_build_object('details', jsonb_build_array(jsonb_build_object('percentageValue', 10))))) end,
    'legalRepresentatives', jsonb_build_array(
      jsonb_build_object('type', 'individual', 'role', jsonb_build_object('standardized', 'Director'),
        'individual', jsonb_build_object('name', jsonb_build_object('fullName', 'Director ' || n), 'nationality', case when n % 37 = 0 then 'KP' else 'GB' end)),
      jsonb_build_object('type', 'individual', 'endDate', '2020-01-01',
        'individual', jsonb_build_object('name', jsonb_build_object('fullName', 'Former ' || n)))),
    'shareholders', jsonb_build_array(
      jsonb_build_object('type', 'company', 'sharePercentage', 100,
        'company', jsonb_build_object('legalName', 'Holding ' || n, 'countryCode', case when n % 43 = 0 then 'MM' else 'GB' end)))),
  jsonb_build_object(
    'company', jsonb_build_object('requestId', 'req_rr_' || n, 'version', 2, 'asOf', '2026-11-01T09:00:00.000Z'),
    'ultimateBeneficialOwners', jsonb_build_object('requestId', 'req_rr_' || n, 'version', 2, 'asOf', '2026-11-01T09:00:00.000Z'),
    'legalRepresentatives', jsonb_build_object('requestId', 'req_rr_' || n, 'version', 2, 'asOf', '2026-11-01T09:00:00.000Z'),
    'shareholders', jsonb_build_object('requestId', 'req_rr_' || n, 'version', 2, 'asOf', '2026-11-01T09:00:00.000Z'),
    'graph', jsonb_build_object('requestId', 'req_rr_' || n, 'version', 2, 'asOf', '2026-11-01T09:00:00.000Z')),
  case when n % 3 = 0 then null else json_build_object(
    'nodes', json_build_array(
      json_build_object('nodeId', 'r', 'type', 'company', 'company', json_build_object('id', 'RR' || n, 'legalName', 'Rerate bench ' || n, 'countryCode', 'GB'),
        'flags', json_build_object('isRoot', true, 'status', 'found')),
      json_build_object('nodeId', 'h1', 'type', 'company', 'company', json_build_object('id', 'H1-' || n, 'legalName', 'Holding ' || n, 'countryCode', 'GB'),
        'flags', json_build_object('status', 'found')),
      json_build_object('nodeId', 'h2', 'type', 'company', 'company', json_build_object('id', 'H2-' || n, 'legalName', 'Top ' || n, 'countryCode', case when n % 43 = 0 then 'MM' else 'LU' end),
        'flags', case when n % 19 = 0 then json_build_object('status', 'budget_truncated') else json_build_object('status', 'found') end,
        'continuation', case when n % 19 = 0 then json_build_object('reason', 'budget', 'estimatedCost', 4) end),
      json_build_object('nodeId', 'p', 'type', 'individual', 'individual', json_build_object('name', 'Owner A' || n, 'nationality', 'GB'),
        'flags', json_build_object('isUbo', n % 23 <> 0, 'isUboProxy', n % 23 = 0, 'status', 'found'), 'totalOwnershipPercentage', 60)),
    'edges', (json_build_array(
      json_build_object('id', 'e1', 'fromId', 'h1', 'toId', 'r', 'percentage', 100),
      json_build_object('id', 'e2', 'fromId', 'h2', 'toId', 'h1', 'percentage', 100),
      json_build_object('id', 'e3', 'fromId', 'p', 'toId', 'h2', 'percentage', 60))::jsonb
      || case when n % 17 = 0 then jsonb_build_array(jsonb_build_object('id', 'e4', 'fromId', 'h1', 'toId', 'h2')) else '[]'::jsonb end)::json,
    'metadata', json_build_object('stoppedReason', case when n % 19 = 0 then 'budget_exhausted' else 'completed' end)) end,
  1
from generate_series(1, $2::int) n`;

/** Seeds `count` company files through `connectionId`, ids `<prefix>0000001`…, and analyses the table. */
export async function seedVariedCompanyFiles(client: pg.Client, connectionId: string, count: number, prefix = "RR"): Promise<void> {
  await client.query(seedSql.replaceAll("'RR' ||", `'${prefix}' ||`), [connectionId, count]);
  await client.query("vacuum analyze company_files");
}

/** A stricter model than the default: published, it moves many ratings, and every file is rated again. */
export const stricterModel: RiskModel = {
  ...defaultRiskModel,
  legalForms: ["GmbH"],
  thresholds: { medium: 15, high: 45 },
  rules: {
    ...defaultRiskModel.rules,
    complianceFlags: { points: { ...defaultRiskModel.rules.complianceFlags.points, accountsOverdue: 20 } },
  },
};

/** Publishes `model` as the next version, as an approved publication does (the re-rater then rates every file again). */
export async function publishBenchModel(client: pg.Client, model: RiskModel): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    `insert into risk_model_versions (version, model, note, published_by_email)
     select coalesce(max(version), 1) + 1, $1::jsonb, 'Bench: stricter', 'bench@registry-desk.test' from risk_model_versions
     returning version`,
    [JSON.stringify(model)],
  );
  return rows[0]!.version;
}
