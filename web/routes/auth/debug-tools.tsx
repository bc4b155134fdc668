import { useState } from "react";
import { Activity, UserSearch } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

type ToolResult = { tool: string; status: number | null; body: string };

async function readEndpoint(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    return { status: response.status, body: text || "(empty response)" };
  }
}

const tools = [
  { id: "session", label: "Check Session", path: "/api/auth/get-session", icon: Activity },
  { id: "user", label: "Check User", path: "/api/me", icon: UserSearch },
] as const;

/** The test-login page's check-session and check-user tools: raw JSON of each endpoint. */
export function DebugTools() {
  const [result, setResult] = useState<ToolResult | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  async function run(tool: (typeof tools)[number]) {
    setRunning(tool.id);
    try {
      const { status, body } = await readEndpoint(tool.path);
      setResult({ tool: tool.label, status, body });
    } catch (error) {
      setResult({ tool: tool.label, status: null, body: error instanceof Error ? error.message : String(error) });
    } finally {
      setRunning(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Debug tools</CardTitle>
        <CardDescription>Read what the server knows about this browser's session.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          {tools.map((tool) => (
            <Button key={tool.id} variant="outline" disabled={running !== null} onClick={() => void run(tool)}>
              <tool.icon aria-hidden />
              {tool.label}
            </Button>
          ))}
        </div>
        {result ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium text-ink">
              {result.tool}: {result.status === null ? "request failed" : `HTTP ${result.status}`}
            </p>
            <pre
              aria-label={`${result.tool} result`}
              className="max-h-80 overflow-auto rounded-md bg-navy-950 p-4 font-mono text-xs leading-relaxed text-navy-100"
            >
              {result.body}
            </pre>
          </div>
        ) : (
          <p className="text-sm text-muted">Run a check to see the server's answer.</p>
        )}
      </CardContent>
    </Card>
  );
}
