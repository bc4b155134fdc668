import { AppPage } from "../../components/layout/app-page";

export default function TrainingPage() {
  return <AppPage>{null}</AppPage>;
}
