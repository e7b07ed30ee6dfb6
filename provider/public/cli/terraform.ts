/** What `from-terraform` knows of the official Terraform provider: each type and attribute, and how it is carried. */
export {
  carriedByFromTerraform,
  officialTerraformProvider,
  type TerraformAttribute,
  type TerraformKind,
  type TerraformType,
} from "../../terraform/mapping";
export { rangesOf, versionsIn } from "../../terraform/releases";
