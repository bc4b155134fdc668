import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

/** The frame of an add or edit form, set apart from the list below it. */
export function EditorCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="border-navy-200 ring-1 ring-navy-100">
      <CardHeader>
        <CardTitle className="text-lg wrap-anywhere">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
