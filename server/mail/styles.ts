/**
 * How every mail looks: dark text on a light page, inline styles and tables for layout, which is what mail
 * clients render reliably. Only layout.ts and blocks.ts use these; a mail names blocks, never styles.
 */
const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const smallPrint = `${FONT}font-size:13px;line-height:1.5;color:#4b4b57;`;

export const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f3f6;",
  card: "max-width:600px;background-color:#ffffff;border:1px solid #dcdce3;border-radius:8px;",
  content: `padding:32px;${FONT}font-size:16px;line-height:1.6;color:#1b1b22;`,
  brand: `margin:0 0 24px;${FONT}font-size:14px;font-weight:700;letter-spacing:0.08em;text-transform:uppercase;color:#4a1fb8;`,
  h1: `margin:0 0 16px;${FONT}font-size:24px;line-height:1.3;font-weight:700;color:#1b1b22;`,
  h2: `margin:28px 0 8px;${FONT}font-size:18px;line-height:1.4;font-weight:700;color:#1b1b22;`,
  p: "margin:0 0 16px;",
  table: "width:100%;border-collapse:collapse;margin:0 0 24px;",
  th: `padding:8px 12px 8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:400;color:#4b4b57;${FONT}font-size:15px;`,
  // Values may be long and unbroken (passwords, URLs): they wrap rather than widen the card.
  td: `padding:8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:700;color:#1b1b22;${FONT}font-size:15px;word-break:break-all;`,
  list: "margin:0 0 16px;padding-left:24px;",
  listItem: "margin:0 0 8px;",
  note: "margin:24px 0 16px;padding:12px 16px;background-color:#f3f0fd;border-radius:6px;color:#1b1b22;",
  code: "font-size:28px;letter-spacing:0.3em;",
  quote: "margin:0 0 16px;padding:12px 16px;border-left:4px solid #4a1fb8;background-color:#f6f6f9;color:#1b1b22;",
  buttonRow: "margin:24px 0;",
  button: `display:inline-block;padding:12px 24px;background-color:#4a1fb8;border-radius:6px;color:#ffffff;${FONT}font-size:16px;font-weight:700;text-decoration:none;`,
  link: "color:#4a1fb8;text-decoration:underline;word-break:break-all;",
  footer: `padding:16px 32px 0;${smallPrint}`,
  cardFooter: `margin:24px 0 0;padding-top:16px;border-top:1px solid #e6e6ec;${smallPrint}`,
  footerLink: "color:#4b4b57;text-decoration:underline;",
};
