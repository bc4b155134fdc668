import { AppPage } from "../../components/layout/app-page";

export default function CommunityPage() {
  return <AppPage>{null}</AppPage>;
}
