import type { Readable } from "node:stream";
import type { Contact, ContactList, ContactListQuery } from "@parley/shared/contacts";
import type { ContactListCheck } from "@parley/shared/campaign-preview";
import { CampaignMessages } from "@parley/shared/campaigns";
import { AppError } from "../../http/errors.ts";
import type { Queryable } from "../../platform/db.ts";
import type { ContactListSummary } from "./contact-import.ts";
import { contactBatches } from "./contact-import-runner.ts";
import { checkContactList } from "./contact-list-check.ts";
import { NotCsvError } from "./csv-decode.ts";
import { regionForTimezone } from "../../platform/phone.ts";
import type { ContactRow, ContactsRepo } from "./contacts.repo.ts";

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    line_number: row.line_number,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone_e164,
    email: row.email,
    persona: row.persona,
    variables: row.variables,
    created_at: row.created_at.toISOString(),
  };
}

/** 'Please select a valid CSV file: <why>.' as a 400 on the csv_file field. */
function notCsv(err: NotCsvError): AppError {
  const message = `${CampaignMessages.csvInvalid}: ${err.message}.`;
  return new AppError("validation_failed", message, [{ path: "csv_file", message }]);
}

/** Contact lists: importing an uploaded CSV into a campaign, listing a campaign's contacts. */
export function createContactsService(deps: { repo: ContactsRepo }) {
  const { repo } = deps;
  return {
    /**
     * Replaces the campaign's list with the contacts of a stored CSV, inside the caller's transaction
     * (a file that turns out not to be a CSV rolls everything back). Batches are stored as they are read.
     */
    async importList(
      q: Queryable,
      target: { orgId: string; campaignId: string; timezone: string },
      file: { open: () => Promise<Readable>; size: number },
    ): Promise<ContactListSummary> {
      const { orgId, campaignId } = target;
      await repo.deleteForCampaign(q, orgId, campaignId);
      const batches = contactBatches(file.open, file.size, { region: regionForTimezone(target.timezone) });
      try {
        let step = await batches.next();
        for (; !step.done; step = await batches.next()) await repo.insertMany(q, orgId, campaignId, step.value);
        if (step.value.merged.length) await repo.updateMerged(q, orgId, campaignId, step.value.merged);
        return step.value;
      } catch (err) {
        await batches.return(undefined as never);
        throw err instanceof NotCsvError ? notCsv(err) : err;
      }
    },
    /**
     * The list as the import would read it with this timezone, nothing
     * stored; the import's 400 for a file that is not a CSV.
     */
    async check(file: { open: () => Promise<Readable>; size: number }, timezone: string): Promise<ContactListCheck> {
      try {
        return await checkContactList(file, regionForTimezone(timezone));
      } catch (err) {
        throw err instanceof NotCsvError ? notCsv(err) : err;
      }
    },
    /** The caller has already checked that the campaign belongs to the org. */
    async list(
      orgId: string,
      campaignId: string,
      query: ContactListQuery & { page: number; page_size: number },
    ): Promise<ContactList> {
      const { rows, total } = await repo.list(orgId, campaignId, {
        search: query.search || undefined,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { contacts: rows.map(toContact), total, page: query.page, page_size: query.page_size };
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
