import { describe, expect, it } from "vitest";
import { type Block, blockHtml, blockText, escapeHtml } from "./blocks.ts";

const hostile = `<script>alert("x")</script> & 'more'`;
const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;";
const url = "https://shop.example/account/link?token=a&b=<c>";
const urlInHtml = "https://shop.example/account/link?token=a&amp;b=%3Cc%3E";

/** One block of each kind, every text in it hostile. */
const everyKind: Block[] = [
  { paragraph: hostile },
  { heading: hostile },
  { rows: [[hostile, hostile]] },
  { steps: [hostile, hostile] },
  { note: hostile },
  { quote: hostile },
  { code: { label: hostile, value: hostile } },
  { button: { label: hostile, url, fallback: hostile } },
  { link: { intro: hostile, url } },
];

describe("a mail's blocks in HTML", () => {
  it("draws each kind with its element", () => {
    expect(blockHtml({ paragraph: "Hello" })).toMatch(/^<p style="[^"]+">Hello<\/p>$/);
    expect(blockHtml({ heading: "Your order" })).toMatch(/^<h2 style="[^"]+">Your order<\/h2>$/);
    const table = blockHtml({ rows: [["Plan", "Gold"]] });
    expect(table).toMatch(/^<table [^>]+>\n<tr><th scope="row" style="[^"]+">Plan<\/th><td style="[^"]+">Gold<\/td><\/tr>\n<\/table>$/);
    expect(blockHtml({ steps: ["One", "Two"] })).toMatch(
      /^<ol style="[^"]+">\n<li style="[^"]+">One<\/li>\n<li style="[^"]+">Two<\/li>\n<\/ol>$/,
    );
    expect(blockHtml({ note: "Careful" })).toMatch(/^<p style="[^"]*background-color[^"]*">Careful<\/p>$/);
    expect(blockHtml({ quote: "Hi" })).toMatch(/^<div style="[^"]*border-left[^"]*">Hi<\/div>$/);
    expect(blockHtml({ code: { label: "Your code", value: "012345" } })).toMatch(
      /^<p style="[^"]+">Your code<br>\n<strong style="[^"]+">012345<\/strong><\/p>$/,
    );
    expect(blockHtml({ link: { intro: "Or open:", url: "https://shop.example/" } })).toMatch(
      /^<p style="[^"]+">Or open:<br>\n<a href="https:\/\/shop.example\/" style="[^"]+">https:\/\/shop.example\/<\/a><\/p>$/,
    );
  });

  it("draws a button, and the link written out below it only when it has a fallback", () => {
    const button = blockHtml({ button: { label: "Sign in", url: "https://shop.example/in" } });
    expect(button).toMatch(
      /^<p style="[^"]+"><a href="https:\/\/shop.example\/in" style="[^"]*display:inline-block[^"]*">Sign in<\/a><\/p>$/,
    );
    const withFallback = blockHtml({ button: { label: "Sign in", url: "https://shop.example/in", fallback: "Or copy:" } });
    expect(withFallback.startsWith(`${button}\n<p `)).toBe(true);
    expect(withFallback).toContain('Or copy:<br>\n<a href="https://shop.example/in"');
    expect(withFallback).toContain(">https://shop.example/in</a></p>");
  });

  it("escapes every text and every link of every kind", () => {
    for (const block of everyKind) {
      const html = blockHtml(block);
      expect(html, Object.keys(block)[0]).not.toContain("<script>");
      expect(html, Object.keys(block)[0]).toContain(escaped);
    }
    expect(blockHtml({ button: { label: "Go", url } })).toContain(`href="${urlInHtml}"`);
    expect(blockHtml({ link: { intro: "Go", url } })).toContain(`href="${urlInHtml}"`);
  });

  it("keeps the line breaks of a paragraph, a note and a quote", () => {
    expect(blockHtml({ paragraph: "One\r\nTwo <3" })).toContain(">One<br>\nTwo &lt;3</p>");
    expect(blockHtml({ note: "One\nTwo" })).toContain(">One<br>\nTwo</p>");
    expect(blockHtml({ quote: "One\rTwo" })).toContain(">One<br>\nTwo</div>");
  });

  it("refuses a link that is not absolute http(s)", () => {
    for (const bad of ["javascript:alert(1)", "/account", "data:text/html,hi"]) {
      expect(() => blockHtml({ button: { label: "Go", url: bad } })).toThrow(/absolute|http/);
      expect(() => blockHtml({ link: { intro: "Go", url: bad } })).toThrow(/absolute|http/);
      expect(() => blockText("en", { button: { label: "Go", url: bad } })).toThrow(/absolute|http/);
      expect(() => blockText("en", { link: { intro: "Go", url: bad } })).toThrow(/absolute|http/);
    }
  });
});

describe("a mail's blocks in text", () => {
  it("writes each kind as plain lines, shown as given", () => {
    expect(blockText("en", { paragraph: hostile })).toBe(hostile);
    expect(blockText("en", { heading: "Your order" })).toBe("Your order");
    expect(
      blockText("en", {
        rows: [
          ["Plan", "Gold"],
          ["Viewers", "2"],
        ],
      }),
    ).toBe("Plan: Gold\nViewers: 2");
    expect(blockText("en", { steps: ["One", "Two"] })).toBe("1. One\n2. Two");
    expect(blockText("en", { note: "Careful" })).toBe("Careful");
    expect(blockText("en", { quote: "Line 1\nLine 2" })).toBe("Line 1\nLine 2");
    expect(blockText("en", { code: { label: "Your code", value: "012345" } })).toBe("Your code: 012345");
    expect(blockText("en", { link: { intro: "Or open:", url: "https://shop.example/" } })).toBe("Or open:\nhttps://shop.example/");
  });

  it("writes a button as its label and its link, whatever its fallback", () => {
    const button = { label: "Sign in", url: "https://shop.example/in", fallback: "Or copy:" };
    expect(blockText("en", { button })).toBe("Sign in: https://shop.example/in");
  });

  it("puts a label and its value in the language's punctuation", () => {
    expect(blockText("fr", { rows: [["Formule", "Gold"]] })).toBe("Formule\u00a0: Gold");
    expect(blockText("fr", { code: { label: "Votre code", value: "012345" } })).toBe("Votre code\u00a0: 012345");
    expect(blockText("es", { button: { label: "Entrar", url: "https://shop.example/" } })).toBe("Entrar: https://shop.example/");
  });
});

it("escapeHtml escapes the five characters that matter in HTML and nothing else", () => {
  expect(escapeHtml(`<a href="x">'&'</a> é`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; é");
});
