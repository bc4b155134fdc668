import { AppPage } from "../../components/layout/app-page";

export default function MastermindPage() {
  return <AppPage>{null}</AppPage>;
}
