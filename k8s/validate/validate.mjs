// Reads a stream of Kubernetes manifests (YAML documents, e.g. `kubectl kustomize k8s/overlays/dev`) on standard
// input and checks each against the JSON schema of its kind: Kubernetes' own (kubernetes-models, generated from the
// Kubernetes OpenAPI document) or ECK's (@kubernetes-models/elastic-cloud, from ECK's CRDs). A kind with no schema
// here is an error too. Strict, like `kubectl apply --validate=strict`: a field the schema does not describe (a typo
// such as `replicass:`) is an error, with its path; the schemas alone would let it pass, since Kubernetes' OpenAPI
// document does not forbid additional properties. Prints one line per document, every problem with its path; exits 1
// if any.
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

// The packages ship their schemas compiled to validation functions (ajv's standalone code), not as JSON schemas. The
// strict check therefore watches one of those functions at work: it validates a copy of the document seen through
// proxies that record, for every object, which properties the schema asked about (each property a schema describes
// is read, present or not) and whether it listed the object's keys (a map: labels, data, resources.limits, ...).
// A key the schema neither asked about nor listed is unknown. An object whose schema asked about nothing and listed
// nothing is free-form (e.g. ECK's `config`: Elasticsearch settings) and is not looked into.
function unknownFields(validate, obj) {
  const reads = new WeakMap(); // target -> { names: Set, listed: boolean }
  const proxies = new WeakMap();
  const record = (target) => {
    let r = reads.get(target);
    if (!r) reads.set(target, (r = { names: new Set(), listed: false }));
    return r;
  };
  const watch = (value) => {
    if (value === null || typeof value !== "object") return value;
    let p = proxies.get(value);
    if (p) return p;
    record(value);
    p = new Proxy(value, {
      get(target, key, receiver) {
        if (typeof key === "string") record(target).names.add(key);
        return watch(Reflect.get(target, key, receiver));
      },
      has(target, key) {
        if (typeof key === "string") record(target).names.add(key);
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        record(target).listed = true;
        return Reflect.ownKeys(target);
      },
    });
    proxies.set(value, p);
    return p;
  };
  // called only for a document the plain validation passed, so the watched run must pass too and read everything
  try {
    validate.call(watch(obj));
  } catch (e) {
    return [`(the strict check could not run: ${e.message})`];
  }
  if (!reads.has(obj)) return ["(the strict check read nothing of the document)"];
  const unknown = [];
  const walk = (value, path) => {
    if (value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${path}/${i}`));
      return;
    }
    const r = reads.get(value);
    if (!r || (!r.listed && r.names.size === 0)) return; // free-form (or never reached: an error elsewhere)
    for (const [k, v] of Object.entries(value)) {
      const at = `${path}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (!r.listed && !r.names.has(k)) {
        unknown.push(at);
      } else {
        walk(v, at);
      }
    }
  };
  walk(obj, "");
  return unknown;
}

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
  let problems = [];
  try {
    new Model(obj).validate();
  } catch (e) {
    problems.push(e.message);
  }
  // on a document already invalid the validator stops at its first error, so fields after it were never read:
  // the unknown-field check would list them wrongly
  const unknown = problems.length > 0 ? [] : unknownFields(Model.prototype.validate, obj);
  if (unknown.length > 0) problems.push(`unknown fields (not in the schema): ${unknown.join(", ")}`);
  if (problems.length === 0) {
    console.log(`valid: ${name}`);
  } else {
    console.log(`INVALID: ${name}: ${problems.join("; ")}`);
    failures++;
  }
}
console.log(`${docs.length} documents, ${failures} with problems`);
process.exit(failures === 0 ? 0 : 1);
