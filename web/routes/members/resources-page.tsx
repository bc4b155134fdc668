import { AppPage } from "../../components/layout/app-page";

export default function ResourcesPage() {
  return <AppPage>{null}</AppPage>;
}
