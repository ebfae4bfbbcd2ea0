/** The headers of a file the console hands out: saved, not shown; never kept by a cache; never sniffed. */
export function downloadHeaders(contentType: string, fileName: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

export const csvType = "text/csv; charset=utf-8";
export const zipType = "application/zip";
export const pdfType = "application/pdf";

/** A HEAD request is told what the file would be, without it being made, read or logged as an export. */
export const headOnly = (request: Request, headers: Record<string, string>) =>
  request.method === "HEAD" ? new Response(null, { headers }) : undefined;
