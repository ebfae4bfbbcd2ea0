/**
 * The mailbox an e-mail address reaches, for limits that allow one of something per mailbox (the free trial):
 * lower case, without a `+tag` (most providers deliver `jane+x@` to `jane@`), and for Gmail without the dots
 * of the name and with googlemail.com as gmail.com (Gmail ignores both). Dots elsewhere stay: another provider
 * may give `j.ane` and `jane` to two people. Never where a mail is sent: that goes to the address as typed.
 */
const gmailDomains = new Set(["gmail.com", "googlemail.com"]);

export function canonicalEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const tag = name.indexOf("+");
  if (tag > 0) name = name.slice(0, tag);
  if (gmailDomains.has(domain)) {
    domain = "gmail.com";
    name = name.replaceAll(".", "") || name;
  }
  return `${name}@${domain}`;
}
