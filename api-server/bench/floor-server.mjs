// The throughput floor: Fastify answering a constant JSON, nothing else, on the same machine as the API.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
const body = { data: [{ id: 1, name: 'constant' }], pagination: { records: { total: 1, per_page: 25 } } };
app.get('/constant', async () => body);
// The client rows POST: their floor is the same answer to the same kind of request.
app.post('/constant', async () => body);
await app.listen({ port, host: '127.0.0.1' });
console.log(`floor listening on ${port}`);
