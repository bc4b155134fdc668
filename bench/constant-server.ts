// The yardstick: a bare Fastify route answering constant JSON, in its own process.
// `node --import tsx bench/constant-server.ts <port>`
import Fastify from "fastify";

const app = Fastify();
app.get("/", async () => ({ ok: true }));
await app.listen({ port: Number(process.argv[2] ?? 3230), host: "127.0.0.1" });
