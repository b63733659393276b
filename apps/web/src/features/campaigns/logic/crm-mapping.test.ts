/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultMapping, toCrmMapping, variableKeyFor } from "./crm-mapping.ts";

const props = (...names: string[]) => names.map((name) => ({ name, label: name }));

test("HubSpot's default properties map themselves: phone (else mobile), names, email, company → {{company}}", () => {
  assert.deepEqual(defaultMapping(props("firstname", "lastname", "phone", "email", "company")), {
    phone: "phone",
    firstName: "firstname",
    lastName: "lastname",
    email: "email",
    variables: [{ property: "company", key: "company" }],
  });
  assert.equal(defaultMapping(props("mobilephone")).phone, "mobilephone");
  assert.deepEqual(defaultMapping([]).variables, []);
});

test("the request leaves out what is not mapped; a label becomes a variable key", () => {
  const m = toCrmMapping({
    phone: "phone",
    firstName: "",
    lastName: "lastname",
    email: "",
    variables: [
      { property: "", key: "x" },
      { property: "jobtitle", key: " job_title " },
    ],
  });
  assert.deepEqual(m, {
    phone: "phone",
    first_name: undefined,
    last_name: "lastname",
    email: undefined,
    variables: [{ property: "jobtitle", key: "job_title" }],
  });
  assert.equal(variableKeyFor("Job Title"), "job_title");
  assert.equal(variableKeyFor("2nd Phone"), "v_2nd_phone");
});
