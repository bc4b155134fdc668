import { AppPage } from "../../components/layout/app-page";

export default function AdminContentPage() {
  return <AppPage>{null}</AppPage>;
}
