export { NotFound as default } from "@/components/layout/page-states";
