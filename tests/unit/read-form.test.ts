/** readForm (app/lib/http.server.ts): a body that is not a form is a 400 { message, code }, never a TypeError. */
import { describe, expect, it } from "vitest";
import { readForm } from "~/lib/http.server";

const post = (body: BodyInit | undefined, type?: string) =>
  new Request("http://localhost/x", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("did not throw");
}

describe("readForm", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect((await readForm(post("a=1&b=%C3%A9", "application/x-www-form-urlencoded"))).get("b")).toBe("é");
    const fd = new FormData();
    fd.set("name", "Acme");
    expect((await readForm(new Request("http://localhost/x", { method: "POST", body: fd }))).get("name")).toBe("Acme");
  });

  it.each([
    ["no content type", post(new Uint8Array([1, 2]))],
    ["JSON", post("{}", "application/json")],
    ["multipart without a boundary", post("x", "multipart/form-data")],
    ["broken multipart", post("--zz\r\nbroken", "multipart/form-data; boundary=zz")],
  ])("answers 400 VALIDATION_ERROR for %s", async (_n, request) => {
    const res = await thrown(readForm(request));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Send the form as application/x-www-form-urlencoded or multipart/form-data",
      code: "VALIDATION_ERROR",
    });
  });
});
