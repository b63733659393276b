/// <reference types="node" />
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { pagerWindow, pageCountFor, rangeText } from "./pager-window.ts";

describe("pagerWindow", () => {
  test("fewer pages than buttons shows them all", () => {
    assert.deepEqual(pagerWindow(1, 3), [1, 2, 3]);
    assert.deepEqual(pagerWindow(1, 1), [1]);
  });
  test("no pages, no buttons", () => assert.deepEqual(pagerWindow(1, 0), []));
  test("pinned at the start", () => {
    assert.deepEqual(pagerWindow(1, 10), [1, 2, 3, 4, 5]);
    assert.deepEqual(pagerWindow(2, 10), [1, 2, 3, 4, 5]);
    assert.deepEqual(pagerWindow(3, 10), [1, 2, 3, 4, 5]);
  });
  test("slides to keep the current page centred", () => {
    assert.deepEqual(pagerWindow(4, 10), [2, 3, 4, 5, 6]);
    assert.deepEqual(pagerWindow(7, 10), [5, 6, 7, 8, 9]);
    assert.deepEqual(pagerWindow(6, 20), [4, 5, 6, 7, 8]);
  });
  test("pinned at the end", () => {
    assert.deepEqual(pagerWindow(9, 10), [6, 7, 8, 9, 10]);
    assert.deepEqual(pagerWindow(10, 10), [6, 7, 8, 9, 10]);
    assert.deepEqual(pagerWindow(20, 20), [16, 17, 18, 19, 20]);
  });
  test("out-of-range pages are clamped", () => {
    assert.deepEqual(pagerWindow(99, 6), [2, 3, 4, 5, 6]);
    assert.deepEqual(pagerWindow(-1, 6), [1, 2, 3, 4, 5]);
  });
  test("never more than five", () => {
    for (let p = 1; p <= 40; p++) assert.ok(pagerWindow(p, 40).length === 5 && pagerWindow(p, 40).includes(p));
  });
});

test("pageCountFor", () => {
  assert.equal(pageCountFor(0, 10), 0);
  assert.equal(pageCountFor(10, 10), 1);
  assert.equal(pageCountFor(11, 10), 2);
});

test("rangeText", () => {
  assert.equal(rangeText(1, 10, 23), "1-10 of 23");
  assert.equal(rangeText(3, 10, 23), "21-23 of 23");
  assert.equal(rangeText(1, 10, 0), "0-0 of 0");
  assert.equal(rangeText(5, 10, 42), "41-42 of 42");
  assert.equal(rangeText(2, 10, 1000, true), "11-20 of 1000+", "the server stopped counting");
});
