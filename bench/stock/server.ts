// What `remix-serve build/index.js` does (express, compression, fingerprinted
// assets cached for a year, the Remix request handler), minus its request log:
// the stock yardstick for npm run bench. PORT from the environment.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = (await import(pathToFileURL(path.join(here, "build/index.js")).href)) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static(path.join(here, "public/build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(here, "public"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1");
