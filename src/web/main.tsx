import { createRoot } from "react-dom/client"; createRoot(document.getElementById("root")!).render(<p className="text-red-500 p-4">hi</p>);
