// npm run dev: the API with reload on change (port 3001) and Vite with hot reload (port 3000) proxying /api to it.
import { spawn } from "node:child_process";

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development", PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:3000" };
const children = [
  spawn("node", ["--watch-path=server", "--watch-path=common", "--import", "tsx", "server/main.ts"], { stdio: "inherit", env: { ...env, PORT: "3001" } }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...env, PORT: "3000", API_PORT: "3001" } }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => {
  stop();
  process.exitCode = code ?? 0;
});
