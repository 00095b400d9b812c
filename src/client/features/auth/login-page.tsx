import { useLocation } from 'wouter';
import { BrandMark } from '@/components/ui/brand-mark';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { takePathAfterSignIn } from '@/lib/post-login-redirect';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** The app's own sign-in and sign-up page (local accounts; GET /api/login redirects here). */
export function LoginPage() {
  const [, navigate] = useLocation();
  const done = () => navigate(takePathAfterSignIn(), { replace: true });

  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-b from-primary to-[#0b2e19] p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <a href="/" className="rounded-md">
            <BrandMark className="text-lg" />
          </a>
          <h1 className="mt-2 text-2xl font-bold">Welcome</h1>
          <CardDescription>Sign in to your account, or create one to start a syndicate.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Both panels stay mounted, so switching tabs keeps what was typed. */}
          <Tabs defaultValue="signin">
            <TabsList className="w-full">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin" forceMount className="data-[state=inactive]:hidden">
              <SignInForm onSuccess={done} />
            </TabsContent>
            <TabsContent value="signup" forceMount className="data-[state=inactive]:hidden">
              <SignUpForm onSuccess={done} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}
