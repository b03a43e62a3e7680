/**
 * The multipart reading the upload APIs share (readMultipartUpload): a part over the route's cap is a 413 in the
 * route's words, a body that is not multipart a 400, both `{ message, code }`; a good body gives the form.
 */
import { describe, expect, it } from "vitest";
import { readMultipartUpload } from "./api.server";

function multipart(body: BodyInit): Request {
  return new Request("http://localhost/api/upload", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=b0undary" },
    body,
  });
}

function formRequest(size: number): Request {
  const form = new FormData();
  form.set("name", "web");
  form.set("file", new Blob(["x".repeat(size)]), "scan.xml");
  return new Request("http://localhost/api/upload", { method: "POST", body: form });
}

describe("readMultipartUpload", () => {
  it("gives the form of a body within the cap", async () => {
    const form = await readMultipartUpload(formRequest(1000), 1024, "Too large.");
    expect(form).toBeInstanceOf(FormData);
    const file = (form as FormData).get("file") as File;
    expect([file.name, file.size, (form as FormData).get("name")]).toEqual(["scan.xml", 1000, "web"]);
  });

  it("answers 413 in the route's words for a part over the cap", async () => {
    const answer = (await readMultipartUpload(formRequest(2048), 1024, "The scan is larger than 1 KB.")) as Response;
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ message: "The scan is larger than 1 KB.", code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers 400 for a multipart body cut off inside a part", async () => {
    const cut = '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.xml"\r\n\r\n<nmaprun';
    const answer = (await readMultipartUpload(multipart(cut), 1024, "Too large.")) as Response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: "The multipart body could not be read.", code: "VALIDATION_ERROR" });
  });
});
