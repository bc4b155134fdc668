import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import type { Access, Endpoint, Field } from "../reading";

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-navy-50 text-navy-700 ring-navy-200",
  POST: "bg-success-soft text-success ring-success/25",
  PUT: "bg-brass-100 text-brass-700 ring-brass-200",
  PATCH: "bg-brass-100 text-brass-700 ring-brass-200",
  DELETE: "bg-danger-soft text-danger ring-danger/25",
};

export function MethodBadge({ method }: { method: string }) {
  return <span className={cn("inline-flex w-16 shrink-0 justify-center rounded px-1.5 py-0.5 font-mono text-xs font-bold ring-1 ring-inset", METHOD_STYLES[method] ?? METHOD_STYLES.GET)}>{method}</span>;
}

const ACCESS_LABELS: Record<Access, string> = { public: "Public", member: "Member session", admin: "Admin only" };

export function AccessBadge({ access }: { access: Access }) {
  return <Badge variant={access === "admin" ? "admin" : access === "member" ? "accent" : "neutral"}>{ACCESS_LABELS[access]}</Badge>;
}

function FieldList({ title, fields }: { title: string; fields: Field[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h4 className="text-xs font-semibold tracking-wider text-muted uppercase">{title}</h4>
      <dl className="divide-y divide-border rounded-md border border-border">
        {fields.map((field) => (
          <div key={field.name} className="grid gap-1 px-3 py-2 sm:grid-cols-[minmax(10rem,14rem)_1fr] sm:gap-4">
            <dt className="min-w-0">
              <code className="font-mono text-sm font-semibold break-all text-ink">{field.name}</code>
              <span className={cn("ml-2 text-xs", field.required ? "font-semibold text-danger" : "text-muted")}>{field.required ? "required" : "optional"}</span>
            </dt>
            <dd className="min-w-0 text-sm text-muted">
              <span className="font-mono text-ink">{field.type}</span>
              {field.rules.length > 0 ? <span className="wrap-anywhere"> · {field.rules.join(" · ")}</span> : null}
              {field.description ? <p className="mt-0.5">{field.description}</p> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** What one endpoint takes and answers. */
export function EndpointDetails({ endpoint }: { endpoint: Endpoint }) {
  return (
    <div className="grid gap-4 border-t border-border px-4 py-4">
      {endpoint.description ? (
        <div className="grid gap-2 text-sm text-muted">
          {endpoint.description.split("\n\n").map((paragraph) => (
            <p key={paragraph} className="wrap-anywhere">
              {paragraph}
            </p>
          ))}
        </div>
      ) : null}
      <FieldList title="Path" fields={endpoint.pathFields} />
      <FieldList title="Query" fields={endpoint.queryFields} />
      {endpoint.bodies.map((fields, index) => (
        <FieldList key={index} title={endpoint.bodies.length > 1 ? `JSON body, form ${index + 1} of ${endpoint.bodies.length}` : "JSON body"} fields={fields} />
      ))}
      <div className="grid gap-2">
        <h4 className="text-xs font-semibold tracking-wider text-muted uppercase">Responses</h4>
        <ul className="grid gap-1 text-sm">
          {endpoint.responses.map((response) => (
            <li key={response.status} className="flex gap-3">
              <code className={cn("w-10 shrink-0 font-mono font-semibold", response.status.startsWith("2") ? "text-success" : "text-danger")}>{response.status}</code>
              <span className="min-w-0 text-muted wrap-anywhere">{response.description}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
