import { useQuery } from "@tanstack/react-query";
import { ChevronRight, FolderTree } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TSpendCategoryNode } from "../../../domain/policy/benefit-schemas.ts";
import { catalogueService } from "../../../domain/policy/catalogue.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows, QueryView } from "../../components/ui/states.tsx";
import { cn } from "../../lib/utils.ts";
import { trpc } from "../../lib/trpc.ts";
import { SpendCategoryPicker, type SpendCategoryChoice } from "./spend-category-picker.tsx";

/**
 * /admin/policy/spend-categories: the three-level spend category tree (part 2 §3, §4 "Spend
 * category tree": not loaded, loading, loaded) as an expandable tree, with the search picker.
 */
export function SpendCategoriesPage() {
  const { t } = useTranslation();
  const tree = useQuery(trpc.policy.catalogue.spendCategories.queryOptions());
  const [found, setFound] = useState<SpendCategoryChoice | null>(null);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader title={t("policyConfig.spend.title")} description={t("policyConfig.spend.description")} />
      <div className="grid gap-6 desktop:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardContent className="pt-6">
            <QueryView
              query={tree}
              loading={<LoadingRows rows={6} className="p-0" />}
              isEmpty={(nodes) => nodes.length === 0}
              empty={<EmptyState icon={FolderTree} title={t("policyConfig.spend.empty")} />}
            >
              {(nodes) => (
                <div className="flex flex-col gap-3">
                  <div className="flex gap-2">
                    <Button variant="outline" size="sm" onClick={() => setExpanded(new Set(allIds(nodes)))}>
                      {t("policyConfig.spend.expandAll")}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setExpanded(new Set())}>
                      {t("policyConfig.spend.collapseAll")}
                    </Button>
                  </div>
                  <ul role="tree" aria-label={t("policyConfig.spend.title")} className="flex flex-col">
                    {nodes.map((n) => (
                      <TreeNode key={n.id} node={n} expanded={expanded} onToggle={toggle} />
                    ))}
                  </ul>
                </div>
              )}
            </QueryView>
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardContent className="flex flex-col gap-3 pt-6">
            <SpendCategoryPicker label={t("policyConfig.spend.search")} value={found} onChange={setFound} />
            {found ? <p className="text-sm text-muted-foreground">{found.path.join(" › ")}</p> : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function allIds(nodes: TSpendCategoryNode[]): number[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.childSpendCategoryList)]);
}

function TreeNode({ node, expanded, onToggle }: { node: TSpendCategoryNode; expanded: Set<number>; onToggle: (id: number) => void }) {
  const { t } = useTranslation();
  const hasChildren = node.childSpendCategoryList.length > 0;
  const open = expanded.has(node.id);
  return (
    <li role="treeitem" aria-expanded={hasChildren ? open : undefined} aria-level={node.level} aria-selected={false} className="flex flex-col">
      <div className={cn("flex items-center gap-2 rounded-md py-1.5 pr-2", node.level === 1 && "font-semibold")} style={{ paddingLeft: `${(node.level - 1) * 1.25}rem` }}>
        {hasChildren ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={open ? t("policyConfig.spend.collapse", { name: node.description }) : t("policyConfig.spend.expand", { name: node.description })}
            onClick={() => onToggle(node.id)}
          >
            <ChevronRight className={cn("transition-transform", open && "rotate-90")} aria-hidden="true" />
          </Button>
        ) : (
          <span className="size-7" aria-hidden="true" />
        )}
        <span className={cn("text-sm", node.hidden && "text-muted-foreground line-through")}>{node.description}</span>
        <span className="text-xs text-muted-foreground">#{node.id}</span>
        {node.serviceType ? <Badge variant="neutral">{catalogueService(node.serviceType)?.name ?? node.serviceType}</Badge> : null}
        {node.isBudgetCashOut ? <Badge variant="warning">{t("policyConfig.spend.cashOut")}</Badge> : null}
        {node.hidden ? <Badge variant="neutral">{t("policyConfig.spend.hidden")}</Badge> : null}
      </div>
      {hasChildren && open ? (
        <ul role="group" className="flex flex-col">
          {node.childSpendCategoryList.map((c) => (
            <TreeNode key={c.id} node={c} expanded={expanded} onToggle={onToggle} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
