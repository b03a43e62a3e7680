// A real DNS server on loopback (dns2, UDP) answering TXT queries from a callback, for domain verification tests
// (issue 32). The app's resolver is pointed at it with RAMPART_DNS_SERVERS=127.0.0.1:<port>.
import dns2 from "dns2";

const { Packet } = dns2;

/** `txt(name)` answers the TXT strings for a name (lower case, no trailing dot); undefined or [] is NXDOMAIN. */
export async function startLoopbackDns(opts: { txt: (name: string) => string[] | undefined }) {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question?.name ?? "")
        .toLowerCase()
        .replace(/\.$/, "");
      const values = question && question.type === Packet.TYPE.TXT ? opts.txt(name) : undefined;
      if (!values || values.length === 0) {
        response.header.rcode = 3; // NXDOMAIN
      } else {
        for (const data of values)
          response.answers.push(Packet.createResourceFromQuestion(question, { type: Packet.TYPE.TXT, ttl: 1, data }));
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = (server.addresses().udp as { port: number }).port;
  return {
    port,
    server: `127.0.0.1:${port}`,
    close: () => server.close(),
  };
}
