import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's code in a few files rather than dozens: on HTTP/1.1 a phone opens about
 * six connections to us, and two dozen small scripts queue behind each other and the
 * hero picture. The app's own shared modules and its small libraries go in one chunk;
 * Radix and the dialog panels stay out of it, loaded only when a dialog is opened, and so
 * do the zod schemas, which only the account and admin forms need. The admin panel's
 * code stays in its own chunks: shoppers never download it.
 */
const SHARED =
  /\/(web\/(components|lib|features)|domain)\/|\/node_modules\/(lucide-react|zustand|react-hot-toast|goober)\//;
const DEFERRED =
  /-panel\.tsx$|\.schema\.ts$|\/domain\/catalog\/input-fields\.ts$|\/web\/(components|features)\/admin\/|\/node_modules\/(@radix-ui|zod)\//;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "shared", test: (id: string) => SHARED.test(id) && !DEFERRED.test(id) }],
            },
          },
        },
      },
    },
  },
});
