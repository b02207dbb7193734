import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button-link";
import { Panel } from "@/components/ui/panel";

export const metadata: Metadata = { title: "Registration Failed" };

export default function RegistrationFailedPage() {
  return (
    <Panel className="mx-auto max-w-xl text-center">
      <h1 className="text-3xl text-gold sm:text-4xl">Account Creation Failed</h1>
      <p className="mt-3 text-stone-300">
        We could not create your account. The token in the confirmation email may have expired or already been used. Please register again.
      </p>
      <div className="mt-6 flex justify-center">
        <ButtonLink href="/register">Try again</ButtonLink>
      </div>
    </Panel>
  );
}
