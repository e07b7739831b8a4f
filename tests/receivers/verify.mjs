// Verifies one received webhook with the official Standard Webhooks library for JavaScript, as
// a receiver would: `node verify.mjs SECRET HEADERS.json BODY`. Prints "verified" (exit 0), or
// the library's reason (exit 1).
import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";

const [secret, headersPath, bodyPath] = process.argv.slice(2);
const headers = JSON.parse(readFileSync(headersPath, "utf8"));
const body = readFileSync(bodyPath, "utf8");
try {
  new Webhook(secret).verify(body, headers);
  console.log("verified");
} catch (error) {
  console.log(String((error && error.message) || error));
  process.exit(1);
}
