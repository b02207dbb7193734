import { defineOperation } from "./api";

export const openApiOp = defineOperation({
  method: "GET",
  path: "/api/v1/openapi.json",
  summary: "This OpenAPI document",
  tag: "Operations",
  auth: "none",
  responses: { 200: { description: "OpenAPI 3.1 document" } },
});
