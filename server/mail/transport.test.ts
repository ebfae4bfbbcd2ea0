import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderOrderConfirmation } from "./templates.ts";
import { createMailTransport } from "./transport.ts";

const FROM = "NovaStream <no-reply@novastream.example>";

describe(".eml file transport (no SMTP_URL)", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "mail-outbox-test-"));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it("writes each message as a readable .eml file, creating the folder", async () => {
    const outbox = join(folder, "data", "outbox");
    const transport = createMailTransport({ from: FROM, outboxDirectory: outbox, smtpUrl: "" });
    expect(transport.mode).toBe("files");
    expect(transport.destination).toBe(outbox);

    const mail = renderOrderConfirmation(
      { reference: "NS-7F3K-9QXD", firstName: "Ana", planKey: "advanced", viewers: 1, amountPaid: "€20.00" },
      "en",
    );
    await transport.send({ to: "ana@example.com", kind: "order-confirmation", ...mail });
    await transport.send({ to: "bob@example.com", kind: "Contact Notification!", subject: "Plain", text: "Only text", html: "" });

    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    const orderFile = files.find((file) => file.includes("order-confirmation"));
    expect(orderFile).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-order-confirmation-[0-9a-f]{8}\.eml$/);
    const eml = readFileSync(join(outbox, orderFile ?? ""), "utf8");
    expect(eml).toContain("Subject: Your NovaStream order NS-7F3K-9QXD is confirmed");
    expect(eml).toContain("To: ana@example.com");
    expect(eml).toContain("From: NovaStream <no-reply@novastream.example>");
    expect(eml).toContain("X-Mail-Kind: order-confirmation");
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    expect(eml).not.toContain("\r\n");

    const plainFile = files.find((file) => file.includes("contact-notification"));
    expect(plainFile).toBeDefined();
    const plain = readFileSync(join(outbox, plainFile ?? ""), "utf8");
    expect(plain).toContain("To: bob@example.com");
    expect(plain).not.toContain("text/html");
    transport.close();
  });

  it("makes the folder again when it is removed while the server runs", async () => {
    const outbox = join(folder, "outbox");
    const transport = createMailTransport({ from: FROM, outboxDirectory: outbox });
    const mail = { to: "ana@example.com", kind: "newsletter-confirmation", subject: "Confirm", text: "Please confirm", html: "" };
    await transport.send(mail);
    rmSync(outbox, { recursive: true });
    await transport.send(mail);
    expect(readdirSync(outbox)).toHaveLength(1);
    expect((statSync(outbox).mode & 0o777).toString(8)).toBe("700");
  });

  it("writes mails, which hold access details, readable by their owner only, in folders only the owner opens", async () => {
    const outbox = join(folder, "data", "outbox");
    const transport = createMailTransport({ from: FROM, outboxDirectory: outbox });
    await transport.send({ to: "ana@example.com", kind: "access-details", subject: "Access", text: "password: hunter2", html: "" });
    const [file] = readdirSync(outbox);
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    expect(modeOf(join(outbox, file ?? ""))).toBe(0o600);
    expect(modeOf(outbox)).toBe(0o700);
    expect(modeOf(join(folder, "data"))).toBe(0o700);
  });
});

/** Just enough of an SMTP server to accept mail, keeping what it received. */
function startFakeSmtpServer(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let data = "";
    socket.write("220 fake.smtp ESMTP ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let newline = buffer.indexOf("\r\n");
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        newline = buffer.indexOf("\r\n");
        if (inData) {
          if (line === ".") {
            inData = false;
            received.push(data);
            data = "";
            socket.write("250 OK queued\r\n");
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250 fake.smtp\r\n");
        else if (command === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (command === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => {});
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0, received });
    });
  });
}

describe("SMTP transport (SMTP_URL set)", () => {
  it("delivers through the SMTP server; its description leaves the password out", async () => {
    const { server, port, received } = await startFakeSmtpServer();
    try {
      const transport = createMailTransport({ from: FROM, smtpUrl: `smtp://user:secret@127.0.0.1:${port}?ignoreTLS=true` });
      expect(transport.mode).toBe("smtp");
      expect(transport.destination).toBe(`smtp://127.0.0.1:${port}`);
      await transport.send({
        to: "ana@example.com",
        kind: "order-confirmation",
        subject: "Hello over SMTP",
        text: "Body",
        html: "<p>Body</p>",
      });
      transport.close();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Subject: Hello over SMTP");
      expect(received[0]).toContain("To: ana@example.com");
    } finally {
      server.close();
    }
  });

  it("sends an attachment (an invoice's PDF) as a named application/pdf part", async () => {
    const { server, port, received } = await startFakeSmtpServer();
    try {
      const transport = createMailTransport({ from: FROM, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
      const content = new TextEncoder().encode("%PDF-1.7 invoice 2026-000007");
      const attachments = [{ filename: "invoice-2026-000007.pdf", content, contentType: "application/pdf" }];
      await transport.send({ to: "ana@example.com", kind: "order-confirmation", subject: "With PDF", text: "Body", html: "", attachments });
      transport.close();
      expect(received[0]).toContain("Content-Type: application/pdf; name=invoice-2026-000007.pdf");
      expect(received[0]).toContain("Content-Disposition: attachment; filename=invoice-2026-000007.pdf");
      expect(received[0]).toContain(Buffer.from(content).toString("base64"));
    } finally {
      server.close();
    }
  });

  it("rejects when the mail server cannot be reached", async () => {
    const { server, port } = await startFakeSmtpServer();
    await new Promise((resolve) => server.close(resolve)); // the port is now closed
    const transport = createMailTransport({ from: FROM, smtpUrl: `smtp://127.0.0.1:${port}` });
    await expect(transport.send({ to: "ana@example.com", kind: "x", subject: "s", text: "t", html: "" })).rejects.toThrow();
    transport.close();
  });
});
