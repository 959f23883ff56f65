"use client";
export { ChargeError as default } from "@/app/_charge/charge-error";
