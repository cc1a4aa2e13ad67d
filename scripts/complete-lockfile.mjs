#!/usr/bin/env node
/**
 * Adds lockfile entries for platform-specific optional packages that `npm install` could not record
 * because the registry mirror it used does not serve them (e.g. darwin or win32 builds). Without
 * them, `npm ci` refuses the lockfile ("Missing: …@ from lock file"). Each entry gets its version
 * and the os/cpu/libc read from its name, so other platforms still install the right binary and
 * this one skips it. Run after `npm install` when `npm ci` complains: node scripts/complete-lockfile.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const oses = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "sunos", "aix", "netbsd", "openbsd"];
const cpus = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32", "arm"];
const platformOf = (name) => {
  const parts = name.split("/").pop().split("-");
  const os = oses.find((o) => parts.includes(o));
  const cpu = cpus.find((c) => parts.includes(c));
  const last = parts.at(-1);
  const libc = /^gnu/.test(last) ? "glibc" : /^musl/.test(last) ? "musl" : undefined;
  return os || cpu ? { os, cpu, libc } : undefined;
};

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${path ? `${path}/` : ""}node_modules/${name}`;
    if (packages[key] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[`node_modules/${name}`] = {
      version,
      ...(platform.cpu && { cpu: [platform.cpu] }),
      ...(entry.dev && { dev: true }),
      ...(platform.libc && { libc: [platform.libc] }),
      optional: true,
      ...(platform.os && { os: [platform.os] }),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
