// Reads a stream of Kubernetes manifests (YAML documents, e.g. `kubectl kustomize k8s/overlays/dev`) on standard
// input and checks each against the JSON schema of its kind: Kubernetes' own (kubernetes-models, generated from the
// Kubernetes OpenAPI document) or ECK's (@kubernetes-models/elastic-cloud, from ECK's CRDs). A kind with no schema
// here is an error too. Prints one line per document, every problem with its path; exits 1 if any.
import { parseAllDocuments } from "yaml";
import * as k8s from "kubernetes-models";
import * as eck from "@kubernetes-models/elastic-cloud";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const docs = parseAllDocuments(Buffer.concat(chunks).toString("utf8"));

// Every model class by "apiVersion/kind": the packages export them grouped by API group and version.
const models = new Map();
function collect(namespace) {
  for (const value of Object.values(namespace)) {
    if (typeof value === "function" && value.apiVersion && value.kind) {
      models.set(`${value.apiVersion}/${value.kind}`, value);
    } else if (value && typeof value === "object") {
      collect(value);
    }
  }
}
collect(k8s);
collect(eck);

let failures = 0;
for (const doc of docs) {
  if (doc.errors.length > 0) {
    console.log(`INVALID YAML: ${doc.errors.map((e) => e.message).join("; ")}`);
    failures++;
    continue;
  }
  const obj = doc.toJS();
  if (obj == null) continue;
  const key = `${obj.apiVersion}/${obj.kind}`;
  const name = `${key} ${obj.metadata?.name ?? "(no name)"}`;
  const Model = models.get(key);
  if (!Model) {
    console.log(`UNKNOWN KIND: ${name}`);
    failures++;
    continue;
  }
  if (key === "v1/Secret" && obj.data) {
    // kustomize wraps long base64 values over lines; the API server's decoder skips line breaks, the schema's
    // "byte" format does not.
    for (const [k, v] of Object.entries(obj.data)) obj.data[k] = String(v).replace(/\s+/g, "");
  }
  try {
    new Model(obj).validate();
    console.log(`valid: ${name}`);
  } catch (e) {
    console.log(`INVALID: ${name}: ${e.message}`);
    failures++;
  }
}
console.log(`${docs.length} documents, ${failures} with problems`);
process.exit(failures === 0 ? 0 : 1);
