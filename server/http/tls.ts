/**
 * `local --tls`: a private certificate authority and a server certificate it signs for 127.0.0.1, ::1 and
 * localhost, made fresh at each start, so a program can be tried against an https endpoint whose CA only
 * `NODE_EXTRA_CA_CERTS` makes trusted, as behind a company's TLS-inspecting proxy or a private service.
 *
 * Made with the `openssl` command: Node's crypto makes keys but cannot issue an X.509 certificate, and a library
 * that can would be a dependency for a test switch. Debian, Ubuntu, macOS and Git for Windows ship openssl.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

export interface LocalCertificate {
  /** The CA's certificate (PEM) as a file: the value for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** The server's key and certificate chain (PEM) for the https listener. */
  key: string;
  cert: string;
}

/** The server names the certificate is valid for: the addresses and name a local server is reached by. */
export const certificateNames = "IP:127.0.0.1,IP:::1,DNS:localhost";

/** Writes a fresh CA and server certificate into `dir` (made if missing); the CA's key is removed after use. */
export function makeLocalCertificate(dir: string): LocalCertificate {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (name: string) => path.join(dir, name);
  const days = "30";
  const openssl = (args: string[]) => {
    try {
      execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
    } catch (error) {
      const detail =
        (error as { code?: string; stderr?: Buffer }).code === "ENOENT"
          ? "the openssl command is not installed (e.g. apt-get install openssl)"
          : String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
      throw new Error(`--tls needs the openssl command to make a certificate: ${detail}`, { cause: error });
    }
  };
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  // prettier-ignore
  openssl([
    "req", "-x509", ...ec, "-keyout", file("ca-key.pem"), "-out", file("ca.pem"), "-days", days,
    "-subj", "/CN=pulumi-streamkap local CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  openssl(["req", ...ec, "-keyout", file("server-key.pem"), "-out", file("server.csr"), "-subj", "/CN=localhost"]);
  fs.writeFileSync(
    file("server.ext"),
    `subjectAltName=${certificateNames}\nbasicConstraints=CA:FALSE\n` +
      "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n",
  );
  // prettier-ignore
  openssl([
    "x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca-key.pem"),
    "-set_serial", `0x${Date.now().toString(16)}`, "-days", days, "-extfile", file("server.ext"),
    "-out", file("server.pem"),
  ]);
  // Nobody signs anything more with this CA: without its key, a leaked CA file can vouch for nothing new.
  for (const name of ["ca-key.pem", "server.csr", "server.ext"]) fs.rmSync(file(name), { force: true });
  return {
    caFile: file("ca.pem"),
    key: fs.readFileSync(file("server-key.pem"), "utf8"),
    cert: fs.readFileSync(file("server.pem"), "utf8"),
  };
}
