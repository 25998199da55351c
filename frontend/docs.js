// The API reference at /docs: Swagger UI from the vendored bundle, reading the app's own OpenAPI document.
/* global SwaggerUIBundle */
SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
