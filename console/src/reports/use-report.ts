import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, apiUrl, Ref } from '../api';
import { Report, ReportParams, reportQuery } from './report-params';

/** The API's refusal of a period, with what it means. */
function describe(caught: unknown): string {
  const message = (caught as Error).message;
  if (caught instanceof ApiError && caught.status === 400 && /field: (from|to)/.test(message)) {
    return `${message}: the last day must be on or after the first, at most 366 days later by day (1100 by week).`;
  }
  return message;
}

/**
 * The report `params` ask for (the last one shown stays while the next loads; an answer to an older
 * question is dropped), and the accounts the agent filter offers.
 */
export function useReport(params: ReportParams) {
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [staff, setStaff] = useState<Ref[]>([]);
  const question = JSON.stringify(params);

  useEffect(() => {
    void api<Ref[]>('staff/assignable').then(setStaff, () => undefined);
  }, []);
  useEffect(() => {
    let current = true;
    setLoading(true);
    api<Report>('reports', {}, reportQuery(params)).then(
      (answer) => {
        if (current) {
          setReport(answer);
          setError(null);
          setLoading(false);
        }
      },
      (caught: unknown) => {
        if (current) {
          setError(describe(caught));
          setLoading(false);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [question]);

  return { report, error, loading, staff };
}

/** The file name in a Content-Disposition header (`attachment; filename="report-….csv"`). */
function fileNameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

/**
 * Downloads the report `params` ask for as the API's CSV (`Accept: text/csv`: what the screen shows, in
 * the same period and filters), saved under the server's file name.
 */
export async function downloadCsv(params: ReportParams): Promise<void> {
  const response = await fetch(apiUrl('reports', reportQuery(params)), {
    headers: { Accept: 'text/csv' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, payload.message ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? 'report.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after the click returns; nothing tells the page when it has, so the
  // address is let go a minute later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
