! race: no
! default(private) with the arrays named shared.
program default_private
  implicit none
  integer :: i
  real :: t, a(300), b(300)
  a = 1.0
  !$omp parallel do default(private) shared(a, b)
  do i = 1, 300
    t = a(i) * 2.0
    b(i) = t
  end do
  !$omp end parallel do
  print *, b(1)
end program
