import type { MemberImport } from "../../../common/contracts/member-transfer";
import { TEST_ORIGIN, type TestApp } from "../../test/build-test-app";

const BOUNDARY = "----members-csv-boundary";

/** POSTs a CSV file as the browser's file picker does (multipart/form-data). */
export function uploadCsv(t: TestApp, cookie: string, csv: string | Buffer, fileName = "members.csv") {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return t.app.inject({ method: "POST", url: "/api/admin/member-imports", payload, headers: { origin: TEST_ORIGIN, cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });
}

/** Polls the import as the progress bar does, until `done` says so. */
export async function waitForImport(t: TestApp, cookie: string, id: string, done: (state: MemberImport) => boolean, timeoutMs = 60_000): Promise<MemberImport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = (await t.app.inject({ url: `/api/admin/member-imports/${id}`, headers: { cookie } })).json() as MemberImport;
    if (done(state)) return state;
    if (Date.now() > deadline) throw new Error(`import ${id} not done in time: ${JSON.stringify({ ...state, problems: state.problems?.length })}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Finished: every row went through and every invitation was tried. */
export const importFinished = (state: MemberImport) => state.status === "done" && state.invitesSent + state.invitesFailed === state.created;

/** A day `days` from today, as the date picker sends it (YYYY-MM-DD, UTC). */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
